# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """PatchCore-style anomaly score: each patch's distance to its nearest memory-bank entry;
    the image score is the worst patch, picked in Python."""

    def __init__(self, d: int = 6, bank: int = 16):
        super().__init__()
        self.embed = nn.Conv2d(3, d, 3, padding=1)
        self.register_buffer("bank", torch.randn(bank, d))

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        patches = self.embed(img).flatten(2).transpose(1, 2)
        nn_dist = torch.cdist(patches, self.bank.expand(img.shape[0], -1, -1)).min(-1).values
        worst = [max(row) for row in nn_dist.tolist()]  # breaks: compile,export,trace,script
        return torch.tensor(worst)


def inputs():
    torch.manual_seed(7411)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(2, 3, 4, 4) * 3,)]
