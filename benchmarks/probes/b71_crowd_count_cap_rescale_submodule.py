# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CountCap(nn.Module):
    """Rescales a density map whose integral exceeds the largest crowd seen in training."""

    def __init__(self, cap: float = 10.0):
        super().__init__()
        self.cap = cap

    def forward(self, density: torch.Tensor) -> torch.Tensor:
        total = density.sum(dim=(1, 2, 3))
        if (total > self.cap).any():  # breaks: compile,export,trace
            density = density / total.max() * self.cap
        return density


class Model(nn.Module):
    """CSRNet-style counter: conv front end, dilated back end, 1-channel density head."""

    def __init__(self):
        super().__init__()
        self.front = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
        self.back = nn.Sequential(nn.Conv2d(8, 8, 3, padding=2, dilation=2), nn.ReLU(), nn.Conv2d(8, 1, 1))
        self.cap = CountCap()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        density = torch.relu(self.back(self.front(img)))
        return self.cap(density)


def inputs():
    torch.manual_seed(7102)
    return [(torch.rand(2, 3, 16, 16) * 40.0,), (torch.rand(2, 3, 16, 16) * 1.0,)]
