# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class DDIMStep(nn.Module):
    """One deterministic DDIM update; the scheduler reads the current timestep as a Python int
    to look up its alpha-bar table (as scheduler code written for a scalar `t` does)."""

    def __init__(self, steps: int = 50, skip: int = 10):
        super().__init__()
        self.skip = skip
        self.register_buffer(
            "alphas_cumprod", torch.cumprod(1.0 - torch.linspace(1e-4, 0.02, steps), 0)
        )

    def forward(self, x: torch.Tensor, eps: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        step = t.item()  # breaks: compile,trace
        prev = max(step - self.skip, 0)
        a_t, a_prev = self.alphas_cumprod[step], self.alphas_cumprod[prev]  # breaks: script
        x0 = (x - (1 - a_t).sqrt() * eps) / a_t.sqrt()
        return a_prev.sqrt() * x0 + (1 - a_prev).sqrt() * eps


class Model(nn.Module):
    def __init__(self, c: int = 3):
        super().__init__()
        self.denoiser = nn.Conv2d(c, c, 3, padding=1)
        self.step = DDIMStep()

    def forward(self, x: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        return self.step(x, self.denoiser(x), t)


def inputs():
    torch.manual_seed(6721)
    return [
        (torch.randn(1, 3, 8, 8), torch.tensor(40)),
        (torch.randn(1, 3, 8, 8), torch.tensor(12)),
    ]
