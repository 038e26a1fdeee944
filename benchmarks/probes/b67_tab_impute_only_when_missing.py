# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MeanImputer(nn.Module):
    def __init__(self, n_num: int):
        super().__init__()
        self.register_buffer("means", torch.linspace(-1.0, 1.0, n_num))

    def has_missing(self, x: torch.Tensor) -> torch.Tensor:
        return torch.isnan(x).any()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.has_missing(x):  # breaks: compile,export,trace
            x = torch.where(torch.isnan(x), self.means.expand_as(x), x)
        return x


class Model(nn.Module):
    """Tabular regressor whose imputer only rewrites the batch when some value is missing."""

    def __init__(self, n_num: int = 4):
        super().__init__()
        self.impute = MeanImputer(n_num)
        self.mlp = nn.Sequential(nn.Linear(n_num, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, x_num: torch.Tensor) -> torch.Tensor:
        return self.mlp(self.impute(x_num))


def inputs():
    torch.manual_seed(6710)
    clean = torch.randn(3, 4)
    holes = torch.randn(3, 4)
    holes[1, 2] = float("nan")
    return [(clean,), (holes,)]
