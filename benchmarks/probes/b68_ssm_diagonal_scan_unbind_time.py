# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DiagonalSSM(nn.Module):
    """S4D-like diagonal state space layer run as a recurrence over the time steps."""

    def __init__(self, d_model: int, d_state: int = 4):
        super().__init__()
        self.d_model = d_model
        self.d_state = d_state
        self.log_decay = nn.Parameter(torch.randn(d_model, d_state) * 0.5)
        self.B = nn.Parameter(torch.randn(d_model, d_state) * 0.3)
        self.C = nn.Parameter(torch.randn(d_model, d_state) * 0.3)
        self.D = nn.Parameter(torch.ones(d_model))

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        decay = torch.exp(-F.softplus(self.log_decay))
        h = u.new_zeros((u.size(0), self.d_model, self.d_state))
        ys = []
        for u_t in u.unbind(1):  # breaks: trace
            h = decay * h + self.B * u_t.unsqueeze(-1)
            ys.append((h * self.C).sum(-1) + self.D * u_t)
        return torch.stack(ys, dim=1)


class Model(nn.Module):
    def __init__(self, d: int = 6):
        super().__init__()
        self.inp = nn.Linear(3, d)
        self.ssm = DiagonalSSM(d)
        self.norm = nn.LayerNorm(d)
        self.out = nn.Linear(d, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.inp(x)
        h = h + self.ssm(self.norm(h))
        return self.out(h)


def inputs():
    torch.manual_seed(6809)
    return [(torch.randn(2, 7, 3),), (torch.randn(2, 11, 3),)]
