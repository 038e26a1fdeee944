# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """DDIM sampler (eta = 0) over a sub-sampled timestep schedule kept as a buffer."""

    def __init__(self, T: int = 20, steps: int = 4):
        super().__init__()
        self.eps = nn.Conv2d(2, 2, 3, padding=1)
        betas = torch.linspace(1e-4, 0.2, T)
        self.register_buffer("alphas_cumprod", torch.cumprod(1 - betas, 0))
        self.register_buffer("timesteps", torch.arange(T - 1, -1, -(T // steps)))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        ts = self.timesteps.tolist()  # breaks: script
        for i, t in enumerate(ts):
            a_t = self.alphas_cumprod[t]
            a_prev = self.alphas_cumprod[ts[i + 1]] if i + 1 < len(ts) else torch.ones(())
            eps = self.eps(x)
            x0 = (x - (1 - a_t).sqrt() * eps) / a_t.sqrt()
            x = a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps
        return x


def inputs():
    torch.manual_seed(7313)
    return [(torch.randn(1, 2, 4, 4),), (torch.randn(1, 2, 4, 4) * 2,)]
