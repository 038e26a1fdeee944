# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def extract(a, t, x_shape):
    b, *_ = t.shape
    out = a.gather(-1, t)
    return out.reshape(b, *((1,) * (len(x_shape) - 1)))


def cosine_beta_schedule(timesteps, s=0.008):
    steps = timesteps + 1
    t = torch.linspace(0, timesteps, steps, dtype=torch.float64) / timesteps
    alphas_cumprod = torch.cos((t + s) / (1 + s) * math.pi * 0.5) ** 2
    alphas_cumprod = alphas_cumprod / alphas_cumprod[0]
    betas = 1 - (alphas_cumprod[1:] / alphas_cumprod[:-1])
    return torch.clip(betas, 0, 0.999)


class SinusoidalPosEmb(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        half_dim = self.dim // 2
        emb = math.log(10000) / (half_dim - 1)
        emb = torch.exp(torch.arange(half_dim, device=x.device) * -emb)
        emb = x[:, None].float() * emb[None, :]
        return torch.cat((emb.sin(), emb.cos()), dim=-1)


class TinyUnet(nn.Module):
    def __init__(self, ch=4, dim=16):
        super().__init__()
        self.time_mlp = nn.Sequential(SinusoidalPosEmb(dim), nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, ch))
        self.conv_in = nn.Conv2d(ch, dim, 3, padding=1)
        self.conv_out = nn.Conv2d(dim, ch, 3, padding=1)

    def forward(self, x, t):
        x = x + self.time_mlp(t)[:, :, None, None]
        return self.conv_out(F.silu(self.conv_in(x)))


class GaussianDiffusion(nn.Module):
    def __init__(self, timesteps=50):
        super().__init__()
        self.model = TinyUnet()
        betas = cosine_beta_schedule(timesteps)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        alphas_cumprod_prev = F.pad(alphas_cumprod[:-1], (1, 0), value=1.0)
        register_buffer = lambda name, val: self.register_buffer(name, val.to(torch.float32))
        register_buffer("sqrt_alphas_cumprod", torch.sqrt(alphas_cumprod))
        register_buffer("sqrt_one_minus_alphas_cumprod", torch.sqrt(1.0 - alphas_cumprod))
        register_buffer("sqrt_recip_alphas_cumprod", torch.sqrt(1.0 / alphas_cumprod))
        register_buffer("sqrt_recipm1_alphas_cumprod", torch.sqrt(1.0 / alphas_cumprod - 1))
        register_buffer("posterior_mean_coef1", betas * torch.sqrt(alphas_cumprod_prev) / (1.0 - alphas_cumprod))
        register_buffer("posterior_mean_coef2", (1.0 - alphas_cumprod_prev) * torch.sqrt(1.0 - betas) / (1.0 - alphas_cumprod))

    def q_sample(self, x_start, t, noise):
        return extract(self.sqrt_alphas_cumprod, t, x_start.shape) * x_start + extract(self.sqrt_one_minus_alphas_cumprod, t, x_start.shape) * noise

    def predict_start_from_noise(self, x_t, t, noise):
        return extract(self.sqrt_recip_alphas_cumprod, t, x_t.shape) * x_t - extract(self.sqrt_recipm1_alphas_cumprod, t, x_t.shape) * noise

    def forward(self, x_start, t, noise):
        x_t = self.q_sample(x_start, t, noise)
        pred_noise = self.model(x_t, t)
        x0 = self.predict_start_from_noise(x_t, t, pred_noise).clamp(-1.0, 1.0)
        mean = extract(self.posterior_mean_coef1, t, x_t.shape) * x0 + extract(self.posterior_mean_coef2, t, x_t.shape) * x_t
        nonzero_mask = (t != 0).float().reshape(-1, *((1,) * (x_t.dim() - 1)))
        return mean, F.mse_loss(pred_noise, noise), nonzero_mask


Model = GaussianDiffusion


def inputs():
    torch.manual_seed(4719)
    return [
        (torch.randn(2, 4, 8, 8), torch.tensor([0, 17]), torch.randn(2, 4, 8, 8)),
        (torch.randn(3, 4, 6, 6), torch.tensor([49, 3, 0]), torch.randn(3, 4, 6, 6)),
    ]
