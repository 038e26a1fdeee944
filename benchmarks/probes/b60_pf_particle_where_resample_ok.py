# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def effective_sample_size(log_w: torch.Tensor) -> torch.Tensor:
    w = torch.softmax(log_w, dim=-1)
    return 1.0 / (w * w).sum(-1)


def systematic_resample(particles: torch.Tensor, log_w: torch.Tensor, u0: torch.Tensor) -> torch.Tensor:
    b, n, d = particles.shape
    w = torch.softmax(log_w, dim=-1)
    cdf = w.cumsum(-1)
    cdf = torch.cat([cdf[..., :-1], torch.ones_like(cdf[..., -1:])], dim=-1)
    pos = (torch.arange(n, device=w.device, dtype=w.dtype) + u0) / n
    idx = torch.searchsorted(cdf, pos.expand(b, n).contiguous()).clamp(max=n - 1)
    return particles.gather(1, idx.unsqueeze(-1).expand(b, n, d))


class ResamplePolicy(nn.Module):
    """Resample the filters whose cloud has degenerated; both candidates are computed and the
    choice is made per batch element."""

    def __init__(self, frac: float = 0.5):
        super().__init__()
        self.frac = frac

    def forward(self, particles: torch.Tensor, log_w: torch.Tensor, u0: torch.Tensor):
        n = particles.shape[1]
        degenerate = effective_sample_size(log_w) < self.frac * n
        resampled = systematic_resample(particles, log_w, u0)
        particles = torch.where(degenerate[:, None, None], resampled, particles)
        log_w = torch.where(degenerate[:, None], torch.zeros_like(log_w), log_w)
        return particles, log_w


class Model(nn.Module):
    """Differentiable particle filter step with soft per-filter resampling."""

    def __init__(self, state: int = 4, obs: int = 3, hidden: int = 32):
        super().__init__()
        self.transition = nn.Sequential(nn.Linear(state, hidden), nn.Tanh(), nn.Linear(hidden, state))
        self.observe = nn.Sequential(nn.Linear(state, hidden), nn.Tanh(), nn.Linear(hidden, obs))
        self.log_obs_std = nn.Parameter(torch.zeros(obs))
        self.resample = ResamplePolicy(0.5)
        self.register_buffer("u0", torch.tensor(0.37))

    def log_likelihood(self, pred_obs: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        z = (y.unsqueeze(1) - pred_obs) / self.log_obs_std.exp()
        return -0.5 * (z * z).sum(-1) - self.log_obs_std.sum()

    def forward(self, particles: torch.Tensor, log_w: torch.Tensor, y: torch.Tensor):
        particles = particles + self.transition(particles)
        log_w = log_w + self.log_likelihood(self.observe(particles), y)
        log_w = log_w - torch.logsumexp(log_w, dim=-1, keepdim=True)
        particles, log_w = self.resample(particles, log_w, self.u0)
        estimate = (torch.softmax(log_w, -1).unsqueeze(-1) * particles).sum(1)
        return estimate, log_w


def inputs():
    torch.manual_seed(6002)
    flat = (torch.randn(2, 16, 4), torch.zeros(2, 16), torch.randn(2, 3) * 0.1)
    peaked = (torch.randn(3, 24, 4) * 3.0, torch.randn(3, 24) * 0.1, torch.randn(3, 3) * 4.0)
    return [flat, peaked]
