# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


class LRU(nn.Module):
    """Linear Recurrent Unit: stable complex diagonal recurrence with exp-parameterised eigenvalues."""

    def __init__(self, d_model=8, d_state=12, r_min=0.4, r_max=0.9, max_phase=2 * math.pi):
        super().__init__()
        u1 = torch.rand(d_state)
        u2 = torch.rand(d_state)
        self.nu_log = nn.Parameter(torch.log(-0.5 * torch.log(u1 * (r_max**2 - r_min**2) + r_min**2)))
        self.theta_log = nn.Parameter(torch.log(max_phase * u2))
        lambda_abs = torch.exp(-torch.exp(self.nu_log.detach()))
        self.gamma_log = nn.Parameter(torch.log(torch.sqrt(1 - lambda_abs**2)))
        self.B_re = nn.Parameter(torch.randn(d_state, d_model) / math.sqrt(2 * d_model))
        self.B_im = nn.Parameter(torch.randn(d_state, d_model) / math.sqrt(2 * d_model))
        self.C_re = nn.Parameter(torch.randn(d_model, d_state) / math.sqrt(d_state))
        self.C_im = nn.Parameter(torch.randn(d_model, d_state) / math.sqrt(d_state))
        self.D = nn.Parameter(torch.randn(d_model))

    def forward(self, u: Tensor) -> Tensor:
        lam_mod = torch.exp(-torch.exp(self.nu_log))
        lam_re = lam_mod * torch.cos(torch.exp(self.theta_log))
        lam_im = lam_mod * torch.sin(torch.exp(self.theta_log))
        gamma = torch.exp(self.gamma_log)
        bu_re = torch.einsum("btd,nd->btn", u, self.B_re) * gamma
        bu_im = torch.einsum("btd,nd->btn", u, self.B_im) * gamma
        h_re = u.new_zeros(u.shape[0], lam_re.shape[0])
        h_im = u.new_zeros(u.shape[0], lam_re.shape[0])
        outs = []
        for t in range(u.shape[1]):  # breaks: trace
            h_re, h_im = lam_re * h_re - lam_im * h_im + bu_re[:, t], lam_re * h_im + lam_im * h_re + bu_im[:, t]
            outs.append(h_re @ self.C_re.t() - h_im @ self.C_im.t())
        y = torch.stack(outs, dim=1)
        return y + u * self.D


class LRUBlock(nn.Module):
    def __init__(self, d_model=8, d_state=12, expand=2):
        super().__init__()
        self.norm = nn.LayerNorm(d_model)
        self.lru = LRU(d_model, d_state)
        self.glu = nn.Linear(d_model, 2 * d_model)
        self.out = nn.Linear(d_model, d_model)

    def forward(self, x):
        y = self.lru(self.norm(x))
        a, b = self.glu(nn.functional.gelu(y)).chunk(2, dim=-1)
        return x + self.out(a * torch.sigmoid(b))


Model = LRUBlock


def inputs():
    torch.manual_seed(3908)
    return [(torch.randn(2, 6, 8),), (torch.randn(3, 9, 8),)]
