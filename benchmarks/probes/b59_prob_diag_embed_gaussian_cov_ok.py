# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Heteroscedastic regression head: predicts a mean and per-dimension variances, builds the
    diagonal covariance with torch.diag_embed and returns the Mahalanobis term and log-det."""

    def __init__(self, d_in: int = 6, d_out: int = 3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d_in, 16), nn.Tanh())
        self.mu = nn.Linear(16, d_out)
        self.log_var = nn.Linear(16, d_out)

    def forward(self, x: torch.Tensor, y: torch.Tensor):
        h = self.body(x)
        mu = self.mu(h)
        var = self.log_var(h).exp() + 1e-4
        cov = torch.diag_embed(var)
        diff = (y - mu).unsqueeze(-1)
        maha = (diff.transpose(-1, -2) @ torch.linalg.inv(cov) @ diff).squeeze(-1).squeeze(-1)
        return maha, torch.logdet(cov)


def inputs():
    torch.manual_seed(5924)
    return [(torch.randn(4, 6), torch.randn(4, 3)), (torch.randn(7, 6), torch.randn(7, 3))]
