# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.autograd.graph import save_on_cpu


class OffloadEncoder(nn.Module):
    """Activation offloading: saved tensors go to host memory while the blocks run."""

    def __init__(self, dim=16, depth=3, offload=True):
        super().__init__()
        self.offload = offload
        self.blocks = nn.ModuleList(
            nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)
        )

    def forward(self, x):
        if self.offload:
            with save_on_cpu(pin_memory=False):
                for blk in self.blocks:
                    x = x + blk(x)
        else:
            for blk in self.blocks:
                x = x + blk(x)
        return x


Model = OffloadEncoder


def inputs():
    torch.manual_seed(4903)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 7, 16),)]
