# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ODEFunc(nn.Module):
    def __init__(self, dim: int, hidden: int = 32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim + 1, hidden), nn.Tanh(), nn.Linear(hidden, dim))

    def forward(self, t: float, y: torch.Tensor) -> torch.Tensor:
        tt = torch.full_like(y[..., :1], t)
        return self.net(torch.cat([y, tt], -1))


def heun_euler_adaptive(f, y0: torch.Tensor, t0: float, t1: float, rtol: float = 1e-3, atol: float = 1e-4,
                        h0: float = 0.1, max_steps: int = 100) -> torch.Tensor:
    """Embedded Heun(2)/Euler(1) pair with standard step-size control: accept a step when the
    scaled error norm is <= 1, then grow or shrink h by the usual safety-factor rule."""
    t, y, h = t0, y0, h0
    for _ in range(max_steps):
        if t >= t1:
            break
        h = min(h, t1 - t)
        k1 = f(t, y)
        k2 = f(t + h, y + h * k1)
        y_high = y + 0.5 * h * (k1 + k2)
        err = 0.5 * h * (k2 - k1)
        scale = atol + rtol * torch.maximum(y.abs(), y_high.abs())
        err_norm = (err / scale).pow(2).mean().sqrt()
        if err_norm <= 1.0:
            t, y = t + h, y_high
        h = h * float(min(5.0, max(0.2, 0.9 * err_norm.clamp_min(1e-10).pow(-0.5).item())))
    return y


class Model(nn.Module):
    """Latent neural ODE regressor: encode, integrate to t=1 with an adaptive solver, decode."""

    def __init__(self, n_in: int = 6, latent: int = 8, n_out: int = 2):
        super().__init__()
        self.enc = nn.Linear(n_in, latent)
        self.func = ODEFunc(latent)
        self.dec = nn.Linear(latent, n_out)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z = heun_euler_adaptive(self.func, self.enc(x), 0.0, 1.0)
        return self.dec(z)


def inputs():
    torch.manual_seed(6020)
    return [(torch.randn(4, 6),), (torch.randn(7, 6) * 3.0,)]
