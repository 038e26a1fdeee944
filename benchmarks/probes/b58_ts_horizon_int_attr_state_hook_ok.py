# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RevIN(nn.Module):
    def __init__(self, n_vars: int, eps: float = 1e-5):
        super().__init__()
        self.eps = eps
        self.gamma = nn.Parameter(torch.ones(n_vars))
        self.beta = nn.Parameter(torch.zeros(n_vars))

    def norm(self, x: torch.Tensor):
        mu = x.mean(dim=1, keepdim=True).detach()
        sd = (x.var(dim=1, keepdim=True, unbiased=False) + self.eps).sqrt().detach()
        return (x - mu) / sd * self.gamma + self.beta, mu, sd

    def denorm(self, y: torch.Tensor, mu: torch.Tensor, sd: torch.Tensor) -> torch.Tensor:
        return (y - self.beta) / self.gamma * sd + mu


class Model(nn.Module):
    """Linear forecaster (DLinear-style) trained for a maximum horizon. The horizon actually
    served travels with the checkpoint through get_extra_state/set_extra_state and lives on
    the module as a plain int, so forward slices with a Python constant."""

    def __init__(self, lookback: int = 24, max_horizon: int = 12, n_vars: int = 3):
        super().__init__()
        self.revin = RevIN(n_vars)
        self.trend = nn.Linear(lookback, max_horizon)
        self.season = nn.Linear(lookback, max_horizon)
        self.pool = nn.AvgPool1d(5, stride=1, padding=2, count_include_pad=False)
        self.horizon: int = 8

    def get_extra_state(self):
        return {"horizon": self.horizon}

    def set_extra_state(self, state):
        self.horizon = int(state["horizon"])

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        z, mu, sd = self.revin.norm(x)
        z = z.transpose(1, 2)
        trend = self.pool(z)
        y = self.trend(trend) + self.season(z - trend)
        y = y[..., : self.horizon].transpose(1, 2)
        return self.revin.denorm(y, mu, sd)


def inputs():
    torch.manual_seed(5818)
    return [(torch.randn(4, 24, 3).cumsum(1),), (torch.randn(2, 24, 3).cumsum(1),)]
