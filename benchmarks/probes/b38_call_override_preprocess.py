# ruff: noqa  (a probe is written as users write models)
import torch
from torch import Tensor, nn


class NormalizedBackbone(nn.Module):
    """Normalises the input in ``__call__`` so every caller gets the preprocessing."""

    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.5, 0.25, 0.1]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.2, 0.3, 0.4]).view(1, 3, 1, 1))
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def __call__(self, x: Tensor, *args, **kwargs) -> Tensor:
        x = (x - self.mean) / self.std
        return super().__call__(x, *args, **kwargs)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(x).mean(dim=(2, 3))


Model = NormalizedBackbone


def inputs():
    torch.manual_seed(3814)
    return [(torch.rand(2, 3, 6, 6),), (torch.rand(1, 3, 8, 5),)]
