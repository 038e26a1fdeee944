# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Token encoder that re-writes the class token slot after each block: the pooled patch
    summary replaces position 0 out of place with torch.select_scatter."""

    def __init__(self, d: int = 16, depth: int = 2):
        super().__init__()
        self.cls = nn.Parameter(torch.randn(1, 1, d))
        self.blocks = nn.ModuleList(nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU()) for _ in range(depth))
        self.head = nn.Linear(d, 4)

    def forward(self, patches: torch.Tensor) -> torch.Tensor:
        x = torch.cat([self.cls.expand(patches.shape[0], -1, -1), patches], dim=1)
        for blk in self.blocks:
            x = x + blk(x)
            summary = x[:, 1:].mean(dim=1)
            x = torch.select_scatter(x, summary, dim=1, index=0)
        return self.head(x[:, 0])


def inputs():
    torch.manual_seed(5917)
    return [(torch.randn(2, 9, 16),), (torch.randn(3, 5, 16),)]
