import torch
from torch import Tensor, nn


class LagFeatures(nn.Module):
    """DeepAR-style lagged copies of the target as extra covariates."""

    def __init__(self, lags_seq=(1, 2, 3, 7)):
        super().__init__()
        self.register_buffer("lags", torch.tensor(lags_seq, dtype=torch.long))

    @property
    def max_lag(self) -> int:
        return int(self.lags.max())  # breaks: compile,export

    def forward(self, series: Tensor) -> Tensor:
        context = series.shape[1] - self.max_lag
        feats = [series[:, self.max_lag - lag : self.max_lag - lag + context] for lag in self.lags]
        return torch.stack(feats, dim=-1)


class Model(nn.Module):
    def __init__(self, hidden: int = 8):
        super().__init__()
        self.lagger = LagFeatures()
        self.encoder = nn.Sequential(nn.Linear(4, hidden), nn.GELU(), nn.Linear(hidden, hidden))
        self.proj = nn.Linear(hidden, 2)

    def forward(self, series: Tensor) -> Tensor:
        lagged = self.lagger(series)
        out = self.encoder(lagged)
        return self.proj(out.mean(1))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 20),), (torch.randn(3, 20),)]
