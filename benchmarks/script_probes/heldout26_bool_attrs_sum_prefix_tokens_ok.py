# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokenPooler(nn.Module):
    """Drops the class / distillation prefix tokens before mean pooling the patch tokens."""

    def __init__(self, dim: int = 6, use_cls: bool = True, use_dist: bool = True):
        super().__init__()
        self.use_cls = use_cls
        self.use_dist = use_dist
        self.norm = nn.LayerNorm(dim)

    def forward(self, tokens):
        num_prefix = self.use_cls + self.use_dist
        patches = tokens[:, num_prefix:]
        return self.norm(patches.mean(dim=1))


Model = TokenPooler


def inputs():
    torch.manual_seed(2626)
    return [(torch.randn(2, 6, 6),), (torch.randn(3, 11, 6),)]
