# ruff: noqa  (a probe is written as users write models)
import torch
import torch.distributed as dist
import torch.nn as nn
import torch.nn.functional as F


def concat_all_gather(tensor):
    """Gather from every rank when running distributed, identity otherwise."""
    if not (dist.is_available() and dist.is_initialized()):
        return tensor
    gathered = [torch.zeros_like(tensor) for _ in range(dist.get_world_size())]
    dist.all_gather(gathered, tensor)
    return torch.cat(gathered, dim=0)


class SimCLRHead(nn.Module):
    def __init__(self, dim=12, proj=8, temperature=0.2):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, proj))
        self.t = temperature

    def forward(self, a, b):
        za = F.normalize(self.proj(a), dim=1)
        zb = F.normalize(self.proj(b), dim=1)
        zb_all = concat_all_gather(zb)
        return za @ zb_all.t() / self.t


Model = SimCLRHead


def inputs():
    torch.manual_seed(7)
    return [(torch.randn(4, 12), torch.randn(4, 12)), (torch.randn(6, 12), torch.randn(6, 12))]
