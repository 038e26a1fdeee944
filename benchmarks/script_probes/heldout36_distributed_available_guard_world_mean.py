# ruff: noqa  (a probe is written as users write models)
import torch
import torch.distributed as dist
import torch.nn as nn
from torch import Tensor


def is_dist_ready() -> bool:
    return dist.is_available() and dist.is_initialized()


class CenteredHead(nn.Module):
    """Projection head that centers its outputs with the batch mean (averaged over ranks
    when running distributed), as in DINO-style teacher centering."""

    def __init__(self, dim: int = 6, out_dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, out_dim)

    def forward(self, x: Tensor) -> Tensor:
        y = self.proj(x)
        center = y.mean(dim=0, keepdim=True)
        if is_dist_ready():
            dist.all_reduce(center)
            center = center / dist.get_world_size()
        return y - center


Model = CenteredHead


def inputs():
    torch.manual_seed(3633)
    return [(torch.randn(4, 6),), (torch.randn(3, 6),)]
