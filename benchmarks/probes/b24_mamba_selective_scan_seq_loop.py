from dataclasses import dataclass

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@dataclass
class MambaConfig:
    d_model: int = 8
    d_state: int = 4
    expand: int = 2


def selective_scan(u: Tensor, delta: Tensor, A: Tensor, B: Tensor, C: Tensor) -> Tensor:
    bsz, seqlen, d_inner = u.shape
    deltaA = torch.exp(delta.unsqueeze(-1) * A)
    deltaB_u = delta.unsqueeze(-1) * B.unsqueeze(2) * u.unsqueeze(-1)
    h = u.new_zeros(bsz, d_inner, A.shape[-1])
    ys = []
    for i in range(seqlen):  # breaks: trace
        h = deltaA[:, i] * h + deltaB_u[:, i]
        ys.append((h * C[:, i].unsqueeze(1)).sum(-1))
    return torch.stack(ys, dim=1)


class Model(nn.Module):
    def __init__(self, cfg: MambaConfig = MambaConfig()):
        super().__init__()
        d_inner = cfg.expand * cfg.d_model
        self.in_proj = nn.Linear(cfg.d_model, 2 * d_inner)
        self.x_proj = nn.Linear(d_inner, 1 + 2 * cfg.d_state)
        self.dt_proj = nn.Linear(1, d_inner)
        self.A_log = nn.Parameter(torch.log(torch.arange(1, cfg.d_state + 1).float()).repeat(d_inner, 1))
        self.out_proj = nn.Linear(d_inner, cfg.d_model)
        self.d_state = cfg.d_state

    def forward(self, x):
        xz = self.in_proj(x)
        u, z = xz.chunk(2, dim=-1)
        u = F.silu(u)
        dt, B, C = self.x_proj(u).split([1, self.d_state, self.d_state], dim=-1)
        delta = F.softplus(self.dt_proj(dt))
        y = selective_scan(u, delta, -torch.exp(self.A_log), B, C)
        return self.out_proj(y * F.silu(z))


def inputs():
    torch.manual_seed(240)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 9, 8),)]
