# ruff: noqa  (a probe is written as users write models)
from typing import Dict, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def extract(a: Tensor, t: Tensor, x_shape) -> Tensor:
    b = t.shape[0]
    out = a.gather(-1, t)
    return out.reshape(b, *((1,) * (len(x_shape) - 1)))


class Denoiser(nn.Module):
    def __init__(self, dim: int = 8, T: int = 50):
        super().__init__()
        self.t_emb = nn.Embedding(T, dim)
        self.net = nn.Sequential(nn.Linear(dim * 2, 32), nn.SiLU(), nn.Linear(32, dim))

    def forward(self, x: Tensor, t: Tensor) -> Tensor:
        return self.net(torch.cat([x, self.t_emb(t)], dim=-1))


class GaussianDiffusion(nn.Module):
    def __init__(self, timesteps: int = 50, dim: int = 8, clip_denoised: bool = True):
        super().__init__()
        self.denoise_fn = Denoiser(dim, timesteps)
        self.clip_denoised = clip_denoised
        betas = torch.linspace(1e-4, 0.02, timesteps, dtype=torch.float64)
        alphas_cumprod = torch.cumprod(1.0 - betas, dim=0)
        alphas_cumprod_prev = F.pad(alphas_cumprod[:-1], (1, 0), value=1.0)
        reg = lambda name, val: self.register_buffer(name, val.to(torch.float32))
        reg("sqrt_recip_alphas_cumprod", torch.sqrt(1.0 / alphas_cumprod))
        reg("sqrt_recipm1_alphas_cumprod", torch.sqrt(1.0 / alphas_cumprod - 1))
        posterior_variance = betas * (1.0 - alphas_cumprod_prev) / (1.0 - alphas_cumprod)
        reg("posterior_log_variance_clipped", torch.log(posterior_variance.clamp(min=1e-20)))
        reg("posterior_mean_coef1", betas * torch.sqrt(alphas_cumprod_prev) / (1.0 - alphas_cumprod))
        reg("posterior_mean_coef2", (1.0 - alphas_cumprod_prev) * torch.sqrt(1.0 - betas) / (1.0 - alphas_cumprod))

    def p_mean_variance(self, x: Tensor, t: Tensor):
        eps = self.denoise_fn(x, t)
        x_recon = extract(self.sqrt_recip_alphas_cumprod, t, x.shape) * x - extract(self.sqrt_recipm1_alphas_cumprod, t, x.shape) * eps
        if self.clip_denoised:
            x_recon.clamp_(-1.0, 1.0)
        mean = extract(self.posterior_mean_coef1, t, x.shape) * x_recon + extract(self.posterior_mean_coef2, t, x.shape) * x
        return mean, extract(self.posterior_log_variance_clipped, t, x.shape)

    @torch.no_grad()
    def forward(self, x: Tensor, t: Tensor, noise: Tensor) -> Dict[str, Tensor]:
        model_mean, model_log_variance = self.p_mean_variance(x, t)
        if (t == 0).all():  # breaks: compile,export
            return {"sample": model_mean, "mean": model_mean}
        nonzero_mask = (1 - (t == 0).float()).reshape(x.shape[0], *((1,) * (len(x.shape) - 1)))
        sample = model_mean + nonzero_mask * (0.5 * model_log_variance).exp() * noise
        return {"sample": sample, "mean": model_mean}


Model = GaussianDiffusion


def inputs():
    torch.manual_seed(5034)
    return [
        (torch.randn(3, 8), torch.tensor([10, 3, 0]), torch.randn(3, 8)),
        (torch.randn(2, 8), torch.tensor([0, 0]), torch.randn(2, 8)),
    ]
