# ruff: noqa  (a probe is written as users write models)
import math

import numpy as np
import torch as th
import torch.nn as nn


def get_named_beta_schedule(schedule_name, num_diffusion_timesteps):
    if schedule_name == "linear":
        scale = 1000 / num_diffusion_timesteps
        return np.linspace(scale * 0.0001, scale * 0.02, num_diffusion_timesteps, dtype=np.float64)
    raise NotImplementedError(f"unknown beta schedule: {schedule_name}")


def _extract_into_tensor(arr, timesteps, broadcast_shape):
    """Extract values from a 1-D numpy array for a batch of indices."""
    res = th.from_numpy(arr).to(device=timesteps.device)[timesteps].float()
    while len(res.shape) < len(broadcast_shape):
        res = res[..., None]
    return res.expand(broadcast_shape)


def timestep_embedding(timesteps, dim, max_period=10000):
    half = dim // 2
    freqs = th.exp(-math.log(max_period) * th.arange(start=0, end=half, dtype=th.float32) / half).to(device=timesteps.device)
    args = timesteps[:, None].float() * freqs[None]
    return th.cat([th.cos(args), th.sin(args)], dim=-1)


class GaussianDiffusionDenoiser(nn.Module):
    def __init__(self, ch=4, emb=8, steps=50):
        super().__init__()
        betas = get_named_beta_schedule("linear", steps)
        alphas_cumprod = np.cumprod(1.0 - betas, axis=0)
        self.sqrt_recip_alphas_cumprod = np.sqrt(1.0 / alphas_cumprod)
        self.sqrt_recipm1_alphas_cumprod = np.sqrt(1.0 / alphas_cumprod - 1)
        self.emb = emb
        self.time_embed = nn.Sequential(nn.Linear(emb, 16), nn.SiLU(), nn.Linear(16, ch))
        self.net = nn.Sequential(nn.Conv2d(ch, 8, 3, padding=1), nn.SiLU(), nn.Conv2d(8, ch, 3, padding=1))

    def _predict_xstart_from_eps(self, x_t, t, eps):
        return (
            _extract_into_tensor(self.sqrt_recip_alphas_cumprod, t, x_t.shape) * x_t
            - _extract_into_tensor(self.sqrt_recipm1_alphas_cumprod, t, x_t.shape) * eps
        )

    def forward(self, x_t, t):
        h = x_t + self.time_embed(timestep_embedding(t, self.emb))[:, :, None, None]
        eps = self.net(h)
        return self._predict_xstart_from_eps(x_t, t, eps).clamp(-1, 1)


Model = GaussianDiffusionDenoiser


def inputs():
    th.manual_seed(4519)
    return [
        (th.randn(2, 4, 6, 6), th.tensor([3, 40])),
        (th.randn(2, 4, 6, 6), th.tensor([17, 1])),
        (th.randn(3, 4, 5, 5), th.tensor([0, 25, 49])),
    ]
