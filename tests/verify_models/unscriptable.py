"""TorchScript rejects **kwargs in forward; every other back-end is fine."""

import torch
from torch import nn


class Unscriptable(nn.Module):
    def forward(self, x: torch.Tensor, **options) -> torch.Tensor:
        return x * options.get("scale", 2.0)


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.randn(3, 5),), (torch.randn(4, 5),)]
