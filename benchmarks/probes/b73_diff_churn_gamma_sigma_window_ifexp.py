# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Stochastic Karras sampler: noise is churned back in only while sigma is inside the
    [s_tmin, s_tmax] window; the per-call sigma schedule is an input."""

    def __init__(self, s_churn: float = 2.0, s_tmin: float = 0.5, s_tmax: float = 5.0):
        super().__init__()
        self.denoise = nn.Linear(6, 6)
        self.s_churn, self.s_tmin, self.s_tmax = s_churn, s_tmin, s_tmax

    def forward(self, x: torch.Tensor, sigmas: torch.Tensor, noise: torch.Tensor) -> torch.Tensor:
        n = sigmas.shape[0] - 1
        for i in range(n):
            sigma = sigmas[i]
            gamma = min(self.s_churn / n, 2**0.5 - 1) if self.s_tmin <= sigma <= self.s_tmax else 0.0  # breaks: compile,export,trace
            sigma_hat = sigma * (gamma + 1)
            x = x + noise[i] * (sigma_hat**2 - sigma**2).sqrt()
            d = self.denoise(x) / sigma_hat
            x = x + d * (sigmas[i + 1] - sigma_hat)
        return x


def inputs():
    torch.manual_seed(7316)
    noise = torch.randn(3, 2, 6)
    return [
        (torch.randn(2, 6), torch.tensor([8.0, 3.0, 1.0, 0.1]), noise),
        (torch.randn(2, 6), torch.tensor([9.0, 7.0, 6.0, 0.2]), noise),
    ]
