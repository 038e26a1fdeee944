# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class HeteroscedasticRegressor(nn.Module):
    """Probabilistic regression: predicts mean and variance, returns the Gaussian NLL to the target."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 16), nn.Tanh())
        self.mean = nn.Linear(16, 1)
        self.log_var = nn.Linear(16, 1)

    def forward(self, x, y):
        h = self.body(x)
        mu = self.mean(h)
        var = self.log_var(h).exp()
        return F.gaussian_nll_loss(mu, y, var, reduction="none")


Model = HeteroscedasticRegressor


def inputs():
    torch.manual_seed(5401)
    return [
        (torch.randn(4, 6), torch.randn(4, 1)),
        (torch.randn(7, 6), torch.randn(7, 1)),
    ]
