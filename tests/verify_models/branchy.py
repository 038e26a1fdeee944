"""Data-dependent control flow: trace bakes in the branch (diverges), fullgraph compile rejects
it (plain compile breaks the graph), export cannot guard on the data, script is fine."""

import torch
from torch import nn


class Branchy(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.proj = nn.Linear(4, 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = self.proj(x)
        if x.sum() > 0:
            return y * 2
        return y - 1


def make_model() -> Branchy:
    return Branchy()


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.ones(2, 4),), (-torch.ones(2, 4),)]
