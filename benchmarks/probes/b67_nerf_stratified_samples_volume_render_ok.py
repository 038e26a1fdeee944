# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def sample_along_rays(origins: torch.Tensor, dirs: torch.Tensor, near: float, far: float, n: int):
    t = torch.linspace(0.0, 1.0, n, device=origins.device)
    z = near * (1.0 - t) + far * t
    z = z.expand(origins.shape[0], n)
    pts = origins[:, None, :] + dirs[:, None, :] * z[:, :, None]
    return pts, z


class Model(nn.Module):
    """Tiny NeRF: fixed samples along each ray, an MLP for density and colour, alpha
    compositing with an exclusive cumulative product of transmittance."""

    def __init__(self, n_samples: int = 8, near: float = 2.0, far: float = 6.0):
        super().__init__()
        self.n_samples, self.near, self.far = n_samples, near, far
        self.mlp = nn.Sequential(nn.Linear(3, 16), nn.ReLU(), nn.Linear(16, 4))

    def forward(self, origins: torch.Tensor, dirs: torch.Tensor) -> torch.Tensor:
        pts, z = sample_along_rays(origins, dirs, self.near, self.far, self.n_samples)
        raw = self.mlp(pts)
        sigma, rgb = raw[..., 0].relu(), raw[..., 1:].sigmoid()
        delta = torch.cat([z[:, 1:] - z[:, :-1], torch.full_like(z[:, :1], 1e10)], dim=-1)
        alpha = 1.0 - torch.exp(-sigma * delta)
        trans = torch.cumprod(
            torch.cat([torch.ones_like(alpha[:, :1]), 1.0 - alpha + 1e-10], -1), -1
        )[:, :-1]
        return ((alpha * trans)[..., None] * rgb).sum(dim=1)


def inputs():
    torch.manual_seed(6724)
    return [(torch.randn(5, 3), torch.randn(5, 3)), (torch.randn(3, 3), torch.randn(3, 3))]
