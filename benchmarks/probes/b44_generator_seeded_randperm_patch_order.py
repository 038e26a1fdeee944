# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PatchShuffleEncoder(nn.Module):
    """Shuffles patch order with a fixed-seed generator so every call sees the same order."""

    def __init__(self, patch=2, dim=8, seed=1234):
        super().__init__()
        self.patch = patch
        self.seed = seed
        self.embed = nn.Linear(3 * patch * patch, dim)
        self.mix = nn.Linear(dim, dim)

    def forward(self, img):
        p = self.patch
        b, c, h, w = img.shape
        patches = img.unfold(2, p, p).unfold(3, p, p).permute(0, 2, 3, 1, 4, 5).reshape(b, -1, c * p * p)
        g = torch.Generator(device=img.device)
        g.manual_seed(self.seed)
        order = torch.randperm(patches.shape[1], generator=g, device=img.device)
        tokens = self.embed(patches[:, order])
        return self.mix(torch.relu(tokens)).mean(1)


Model = PatchShuffleEncoder


def inputs():
    torch.manual_seed(25)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 8),)]
