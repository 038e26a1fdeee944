# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class PlanarFlow(nn.Module):
    """f(z) = z + u_hat * tanh(w^T z + b), with u_hat constrained so the map stays invertible."""

    def __init__(self, dim):
        super().__init__()
        self.u = nn.Parameter(torch.randn(dim) * 0.1)
        self.w = nn.Parameter(torch.randn(dim) * 0.1)
        self.b = nn.Parameter(torch.zeros(1))

    def u_hat(self):
        wtu = torch.dot(self.w, self.u)
        m_wtu = -1 + F.softplus(wtu)
        return self.u + (m_wtu - wtu) * self.w / (self.w.norm() ** 2 + 1e-8)

    def forward(self, z):
        u_hat = self.u_hat()
        lin = z @ self.w + self.b
        f_z = z + u_hat * torch.tanh(lin).unsqueeze(-1)
        psi = (1 - torch.tanh(lin) ** 2).unsqueeze(-1) * self.w
        log_det = torch.log(torch.abs(1 + psi @ u_hat) + 1e-8)
        return f_z, log_det


class AmortizedPlanarVAE(nn.Module):
    def __init__(self, x_dim=12, z_dim=4, num_flows=4, hidden=16):
        super().__init__()
        self.z_dim = z_dim
        self.encoder = nn.Sequential(nn.Linear(x_dim, hidden), nn.Tanh(), nn.Linear(hidden, 2 * z_dim))
        self.flows = nn.ModuleList([PlanarFlow(z_dim) for _ in range(num_flows)])
        self.decoder = nn.Sequential(nn.Linear(z_dim, hidden), nn.Tanh(), nn.Linear(hidden, x_dim))

    def forward(self, x, eps):
        mu, log_var = self.encoder(x).chunk(2, dim=-1)
        z0 = mu + eps * torch.exp(0.5 * log_var)
        log_q0 = -0.5 * (eps**2 + log_var + math.log(2 * math.pi)).sum(-1)
        z, sum_log_det = z0, torch.zeros_like(log_q0)
        for flow in self.flows:
            z, log_det = flow(z)
            sum_log_det = sum_log_det + log_det
        log_pz = -0.5 * (z**2 + math.log(2 * math.pi)).sum(-1)
        recon = self.decoder(z)
        log_px = -F.mse_loss(recon, x, reduction="none").sum(-1)
        elbo = log_px + log_pz - (log_q0 - sum_log_det)
        return recon, -elbo.mean()


Model = AmortizedPlanarVAE


def inputs():
    torch.manual_seed(3923)
    return [(torch.randn(5, 12), torch.randn(5, 4)), (torch.randn(9, 12), torch.randn(9, 4))]
