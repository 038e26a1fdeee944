# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PatchEmbed(nn.Module):
    def __init__(self, in_chans: int = 3, dim: int = 8, patch: int = 2):
        super().__init__()
        self.in_chans = in_chans
        self.proj = nn.Conv2d(in_chans, dim, patch, stride=patch)

    def forward(self, x):
        assert (x.shape[1] == self.in_chans, "input channels do not match the stem")
        x = self.proj(x)
        return x.flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(1905)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 6, 8),)]
