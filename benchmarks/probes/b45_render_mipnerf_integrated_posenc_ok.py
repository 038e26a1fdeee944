# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


def lift_gaussian(d, t_mean, t_var, r_var):
    mean = d[..., None, :] * t_mean[..., None]
    d_mag_sq = torch.clamp(torch.sum(d ** 2, dim=-1, keepdim=True), min=1e-10)
    d_outer_diag = d ** 2
    null_outer_diag = 1 - d_outer_diag / d_mag_sq
    t_cov_diag = t_var[..., None] * d_outer_diag[..., None, :]
    xy_cov_diag = r_var[..., None] * null_outer_diag[..., None, :]
    return mean, t_cov_diag + xy_cov_diag


def conical_frustum_to_gaussian(d, t0, t1, base_radius):
    mu = (t0 + t1) / 2
    hw = (t1 - t0) / 2
    t_mean = mu + (2 * mu * hw ** 2) / (3 * mu ** 2 + hw ** 2)
    t_var = (hw ** 2) / 3 - (4 / 15) * ((hw ** 4 * (12 * mu ** 2 - hw ** 2)) / (3 * mu ** 2 + hw ** 2) ** 2)
    r_var = base_radius ** 2 * ((mu ** 2) / 4 + (5 / 12) * hw ** 2 - 4 / 15 * (hw ** 4) / (3 * mu ** 2 + hw ** 2))
    return lift_gaussian(d, t_mean, t_var, r_var)


def integrated_pos_enc(means_covs, min_deg, max_deg):
    x, x_cov_diag = means_covs
    scales = torch.tensor([2 ** i for i in range(min_deg, max_deg)], device=x.device)
    shape = list(x.shape[:-1]) + [-1]
    y = torch.reshape(x[..., None, :] * scales[:, None], shape)
    y_var = torch.reshape(x_cov_diag[..., None, :] * scales[:, None] ** 2, shape)
    return torch.exp(-0.5 * torch.cat([y_var] * 2, dim=-1)) * torch.sin(torch.cat([y, y + 0.5 * torch.pi], dim=-1))


class MipNeRFMLP(nn.Module):
    def __init__(self, min_deg=0, max_deg=4, width=16, num_samples=6):
        super().__init__()
        self.min_deg, self.max_deg, self.num_samples = min_deg, max_deg, num_samples
        in_dim = 3 * 2 * (max_deg - min_deg)
        self.trunk = nn.Sequential(nn.Linear(in_dim, width), nn.ReLU(), nn.Linear(width, width), nn.ReLU())
        self.density = nn.Linear(width, 1)
        self.rgb = nn.Linear(width, 3)

    def forward(self, origins, directions, radii, near, far):
        t_vals = torch.linspace(0.0, 1.0, self.num_samples + 1, device=origins.device)
        t_vals = near * (1.0 - t_vals) + far * t_vals
        means, covs = conical_frustum_to_gaussian(directions, t_vals[..., :-1], t_vals[..., 1:], radii)
        means = means + origins[..., None, :]
        feats = self.trunk(integrated_pos_enc((means, covs), self.min_deg, self.max_deg))
        sigma = torch.nn.functional.softplus(self.density(feats)[..., 0] - 1.0)
        rgb = torch.sigmoid(self.rgb(feats))
        delta = t_vals[..., 1:] - t_vals[..., :-1]
        alpha = 1 - torch.exp(-sigma * delta)
        trans = torch.cumprod(torch.cat([torch.ones_like(alpha[..., :1]), 1 - alpha[..., :-1] + 1e-10], dim=-1), dim=-1)
        weights = alpha * trans
        return (weights[..., None] * rgb).sum(dim=-2), weights


Model = MipNeRFMLP


def inputs():
    torch.manual_seed(4529)
    def rays(n):
        d = torch.nn.functional.normalize(torch.randn(n, 3), dim=-1)
        return (torch.randn(n, 3), d, torch.full((n, 1), 0.01), torch.full((n, 1), 2.0), torch.full((n, 1), 6.0))
    return [rays(4), rays(4), rays(7)]
