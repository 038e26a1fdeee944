# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.distributions as D


class DirichletMixer(nn.Module):
    """Mixes expert outputs with weights drawn from a Dirichlet predicted per sample."""

    def __init__(self, dim=6, experts=3):
        super().__init__()
        self.experts = nn.ModuleList([nn.Linear(dim, dim) for _ in range(experts)])
        self.conc = nn.Linear(dim, experts)

    def forward(self, x):
        concentration = F.softplus(self.conc(x)) + 0.5
        w = D.Dirichlet(concentration).rsample()
        outs = torch.stack([e(x) for e in self.experts], dim=1)
        return (w.unsqueeze(-1) * outs).sum(1)


Model = DirichletMixer


def inputs():
    torch.manual_seed(4611)
    return [(torch.randn(2, 6),), (torch.randn(4, 6),)]
