# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def radius_edges(pos: torch.Tensor, r: float):
    d = torch.cdist(pos, pos)
    adj = (d < r) & ~torch.eye(pos.shape[0], dtype=torch.bool)
    return adj.nonzero(as_tuple=True)  # breaks: compile,script


class Model(nn.Module):
    """E(n)-equivariant message passing on a radius graph built on the fly from coordinates."""

    def __init__(self, d: int = 6, r: float = 1.2):
        super().__init__()
        self.r = r
        self.phi_e = nn.Sequential(nn.Linear(2 * d + 1, d), nn.SiLU())
        self.phi_x = nn.Linear(d, 1)
        self.phi_h = nn.Linear(2 * d, d)

    def forward(self, h: torch.Tensor, pos: torch.Tensor):
        src, dst = radius_edges(pos, self.r)
        rel = pos[dst] - pos[src]
        m = self.phi_e(torch.cat([h[dst], h[src], (rel * rel).sum(-1, keepdim=True)], -1))
        agg = torch.zeros_like(h).index_add_(0, dst, m)
        pos = pos.index_add(0, dst, rel * self.phi_x(m))
        return self.phi_h(torch.cat([h, agg], -1)), pos


def inputs():
    torch.manual_seed(7515)
    return [(torch.randn(5, 6), torch.randn(5, 3)), (torch.randn(5, 6), torch.randn(5, 3) * 0.3)]
