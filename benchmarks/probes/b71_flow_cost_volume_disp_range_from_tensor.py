# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class CostVolume(nn.Module):
    """Horizontal correlation cost volume whose search range follows the coarse flow estimate."""

    def forward(self, f1: torch.Tensor, f2: torch.Tensor, coarse: torch.Tensor) -> torch.Tensor:
        radius = int(coarse.abs().max().ceil())  # breaks: compile,export,trace
        costs = []
        for d in range(-radius, radius + 1):
            shifted = torch.roll(f2, shifts=d, dims=-1)
            costs.append((f1 * shifted).mean(1))
        return torch.stack(costs, 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.feat = nn.Conv2d(3, 4, 3, padding=1)
        self.coarse = nn.Conv2d(6, 1, 3, padding=1)
        self.cv = CostVolume()

    def forward(self, im1: torch.Tensor, im2: torch.Tensor) -> torch.Tensor:
        coarse = self.coarse(torch.cat([im1, im2], 1))
        cost = self.cv(self.feat(im1), self.feat(im2), coarse)
        return F.softmax(cost, 1).amax(1)


def inputs():
    torch.manual_seed(7127)
    return [(torch.rand(1, 3, 6, 6), torch.rand(1, 3, 6, 6)), (torch.rand(1, 3, 6, 6) * 8, torch.rand(1, 3, 6, 6) * 8)]
