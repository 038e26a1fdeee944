import torch
from torch import nn


class DDIMSampler(nn.Module):
    def __init__(self, train_steps: int = 100, sample_steps: int = 5):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, train_steps)
        self.register_buffer("alphas_cumprod", torch.cumprod(1 - betas, 0))
        self.register_buffer(
            "timesteps", torch.linspace(train_steps - 1, 0, sample_steps).long()
        )

    def step(self, eps, t, t_prev, x):
        a_t = self.alphas_cumprod[t]
        a_prev = self.alphas_cumprod[t_prev] if t_prev >= 0 else torch.ones_like(a_t)  # breaks: compile,export
        x0 = (x - (1 - a_t).sqrt() * eps) / a_t.sqrt()
        return a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.sampler = DDIMSampler()
        self.denoiser = nn.Sequential(nn.Linear(dim + 1, 32), nn.SiLU(), nn.Linear(32, dim))

    def forward(self, noise):
        x = noise
        ts = self.sampler.timesteps.tolist()
        for i, t in enumerate(ts):
            t_prev = ts[i + 1] if i + 1 < len(ts) else -1
            t_feat = torch.full_like(x[:, :1], t / 100.0)
            eps = self.denoiser(torch.cat([x, t_feat], dim=-1))
            x = self.sampler.step(eps, t, t_prev, x)
        return x


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
