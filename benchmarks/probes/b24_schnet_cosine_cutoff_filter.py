import math

import torch
from torch import nn
import torch.nn.functional as F


class CosineCutoff(nn.Module):
    def __init__(self, cutoff: float = 2.0):
        super().__init__()
        self.register_buffer("cutoff", torch.tensor(cutoff))

    def forward(self, d):
        return 0.5 * (torch.cos(d * math.pi / self.cutoff) + 1.0) * (d < self.cutoff).float()


class ShiftedSoftplus(nn.Module):
    shift = math.log(2.0)

    def forward(self, x):
        return F.softplus(x) - self.shift


class Model(nn.Module):
    def __init__(self, hidden=16, n_gaussians=10, cutoff=2.0):
        super().__init__()
        self.register_buffer("offsets", torch.linspace(0, cutoff, n_gaussians))
        self.coeff = -0.5 / (cutoff / (n_gaussians - 1)) ** 2
        self.filter_net = nn.Sequential(nn.Linear(n_gaussians, hidden), ShiftedSoftplus(), nn.Linear(hidden, hidden))
        self.cutoff_fn = CosineCutoff(cutoff)
        self.embed = nn.Embedding(10, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, z, pos):
        h = self.embed(z)
        d = torch.cdist(pos, pos)
        rbf = torch.exp(self.coeff * (d.unsqueeze(-1) - self.offsets) ** 2)
        W = self.filter_net(rbf) * self.cutoff_fn(d).unsqueeze(-1)
        W = W * (1 - torch.eye(z.shape[-1], device=pos.device)).unsqueeze(-1)
        h = h + torch.einsum("bijf,bjf->bif", W, h)
        return self.out(h).sum(dim=1)


def inputs():
    torch.manual_seed(270)
    return [(torch.randint(0, 10, (2, 6)), torch.randn(2, 6, 3)), (torch.randint(0, 10, (3, 9)), torch.randn(3, 9, 3) * 1.5)]
