# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def sample_pdf(bins: Tensor, weights: Tensor, n_samples: int) -> Tensor:
    weights = weights + 1e-5
    pdf = weights / weights.sum(-1, keepdim=True)
    cdf = torch.cumsum(pdf, -1)
    cdf = torch.cat([torch.zeros_like(cdf[..., :1]), cdf], -1)
    u = torch.linspace(0.0, 1.0, n_samples, device=bins.device).expand(*cdf.shape[:-1], n_samples).contiguous()
    inds = torch.searchsorted(cdf, u, right=True)
    below = (inds - 1).clamp(min=0)
    above = inds.clamp(max=cdf.shape[-1] - 1)
    inds_g = torch.stack([below, above], -1)
    matched = list(inds_g.shape[:-1]) + [cdf.shape[-1]]
    cdf_g = torch.gather(cdf.unsqueeze(-2).expand(matched), -1, inds_g)
    bins_g = torch.gather(bins.unsqueeze(-2).expand(matched), -1, inds_g)
    denom = cdf_g[..., 1] - cdf_g[..., 0]
    denom = torch.where(denom < 1e-5, torch.ones_like(denom), denom)
    t = (u - cdf_g[..., 0]) / denom
    return bins_g[..., 0] + t * (bins_g[..., 1] - bins_g[..., 0])


class HierarchicalSampler(nn.Module):
    def __init__(self, n_coarse=8, n_fine=6, hidden=16):
        super().__init__()
        self.n_coarse, self.n_fine = n_coarse, n_fine
        self.coarse = nn.Sequential(nn.Linear(3, hidden), nn.ReLU(), nn.Linear(hidden, 1))

    def forward(self, rays_o, rays_d, near: float = 2.0, far: float = 6.0):
        t = torch.linspace(0.0, 1.0, self.n_coarse, device=rays_o.device)
        z = near * (1.0 - t) + far * t
        z = z.expand(rays_o.shape[0], self.n_coarse)
        pts = rays_o[:, None] + rays_d[:, None] * z[..., None]
        sigma = torch.relu(self.coarse(pts)).squeeze(-1)
        delta = torch.cat([z[:, 1:] - z[:, :-1], torch.full_like(z[:, :1], 1e10)], -1)
        alpha = 1.0 - torch.exp(-sigma * delta)
        trans = torch.cumprod(torch.cat([torch.ones_like(alpha[:, :1]), 1.0 - alpha + 1e-10], -1), -1)[:, :-1]
        weights = alpha * trans
        mids = 0.5 * (z[:, 1:] + z[:, :-1])
        z_fine = sample_pdf(mids, weights[:, 1:-1], self.n_fine).detach()
        z_all, _ = torch.sort(torch.cat([z, z_fine], -1), -1)
        return z_all, weights


Model = HierarchicalSampler


def inputs():
    torch.manual_seed(4821)
    return [(torch.randn(4, 3), torch.randn(4, 3)), (torch.randn(7, 3), torch.randn(7, 3))]
