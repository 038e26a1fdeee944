import torch
import torch.nn as nn
import torch.nn.functional as F


def sphere_bounds(rays_o, rays_d, radius):
    b = (rays_o * rays_d).sum(-1)
    c = rays_o.pow(2).sum(-1) - radius ** 2
    disc = (b * b - c).clamp_min(0.0).sqrt()
    near = (-b - disc).clamp_min(0.05)
    far = -b + disc
    return near.min().item(), far.max().item()  # breaks: compile,trace


class SphereRenderer(nn.Module):
    def __init__(self, radius=3.0, n_samples=12, width=32):
        super().__init__()
        self.radius, self.n_samples = radius, n_samples
        self.field = nn.Sequential(nn.Linear(3, width), nn.Softplus(), nn.Linear(width, 4))

    def forward(self, rays_o, rays_d):
        near, far = sphere_bounds(rays_o, rays_d, self.radius)
        z = torch.linspace(near, far, self.n_samples, device=rays_o.device)
        pts = rays_o[:, None] + rays_d[:, None] * z[None, :, None]
        raw = self.field(pts)
        delta = torch.cat([z[1:] - z[:-1], z.new_tensor([1e3])])
        alpha = 1 - torch.exp(-F.relu(raw[..., 3]) * delta)
        trans = torch.cumprod(F.pad(1 - alpha, (1, 0), value=1.0), dim=-1)[:, :-1]
        weights = alpha * trans
        return (weights.unsqueeze(-1) * raw[..., :3].sigmoid()).sum(1)


Model = SphereRenderer


def inputs():
    torch.manual_seed(3020)
    def rays(n, dist):
        o = F.normalize(torch.randn(n, 3), dim=-1) * dist
        return o, F.normalize(-o + 0.3 * torch.randn(n, 3), dim=-1)
    return [rays(6, 4.0), rays(6, 5.0)]
