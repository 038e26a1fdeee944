# ruff: noqa  (a probe is written as users write models)
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F


class ContrastiveHead(nn.Module):
    def __init__(self, dim: int = 8, out: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, out)

    def forward(self, x):
        z = F.normalize(self.proj(x), dim=-1)
        if dist.is_available() and dist.is_initialized():
            z = z * dist.get_world_size()
        return z @ z.t()


Model = ContrastiveHead


def inputs():
    torch.manual_seed(2223)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
