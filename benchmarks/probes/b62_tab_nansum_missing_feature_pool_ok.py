# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def nan_aware_pool(x: torch.Tensor, dim: int) -> torch.Tensor:
    """Mean over observed entries only; missing values arrive as NaN from the feature store."""
    observed = (~torch.isnan(x)).to(x.dtype)
    total = torch.nansum(x, dim=dim)
    return total / observed.sum(dim).clamp_min(1.0)


class FeatureTokenizer(nn.Module):
    """Per-feature linear tokens plus a learned 'missing' token where the value is NaN."""

    def __init__(self, n_feat: int, dim: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_feat, dim) * 0.1)
        self.bias = nn.Parameter(torch.zeros(n_feat, dim))
        self.missing = nn.Parameter(torch.zeros(n_feat, dim))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        isnan = torch.isnan(x).unsqueeze(-1)
        tok = torch.nan_to_num(x).unsqueeze(-1) * self.weight + self.bias
        return torch.where(isnan, self.missing.expand_as(tok), tok)


class Model(nn.Module):
    """Tabular model for sensor panels: tokens over features, plus a NaN-aware pooled summary of
    the raw readings over the panel's repeated measurements."""

    def __init__(self, n_feat: int = 6, dim: int = 16, n_out: int = 2):
        super().__init__()
        self.tok = FeatureTokenizer(n_feat, dim)
        self.mix = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.head = nn.Linear(dim + n_feat, n_out)

    def forward(self, readings: torch.Tensor) -> torch.Tensor:  # (B, R, F) with NaNs
        summary = nan_aware_pool(readings, dim=1)  # (B, F)
        latest = readings[:, -1]
        tokens = self.mix(self.tok(latest)).mean(1)
        return self.head(torch.cat([tokens, summary], dim=-1))


def _panel(b, r, f=6):
    x = torch.randn(b, r, f)
    x[torch.rand(b, r, f) < 0.25] = float("nan")
    return x


def inputs():
    torch.manual_seed(6215)
    return [(_panel(3, 4),), (_panel(5, 7),)]
