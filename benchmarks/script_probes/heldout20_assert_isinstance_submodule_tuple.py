# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PreNormBlock(nn.Module):
    def __init__(self, dim: int = 8, norm_layer=nn.LayerNorm):
        super().__init__()
        self.norm = norm_layer(dim)
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        assert isinstance(self.norm, (nn.LayerNorm, nn.Identity)), "unsupported norm"
        return x + self.fc(self.norm(x))


Model = PreNormBlock


def inputs():
    torch.manual_seed(2033)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
