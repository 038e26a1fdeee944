# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class WeightPenaltyMixin:
    def l2_penalty(self, suffix: str = "weight") -> torch.Tensor:
        """Sum of squared weights (biases and norms excluded), as an explicit regulariser."""
        total = torch.zeros(())
        for name, value in self.state_dict(keep_vars=True).items():
            if name.endswith(suffix) and value.dim() > 1:
                total = total + value.pow(2).sum()
        return total


class ResidualMLP(nn.Module):
    def __init__(self, d: int = 12, hidden: int = 24, p: float = 0.1):
        super().__init__()
        self.norm = nn.LayerNorm(d)
        self.fc1 = nn.Linear(d, hidden)
        self.fc2 = nn.Linear(hidden, d)
        self.drop = nn.Dropout(p)

    def forward(self, x):
        return x + self.drop(self.fc2(F.gelu(self.fc1(self.norm(x)))))


class TabularRegressor(WeightPenaltyMixin, nn.Module):
    """Regressor that returns its prediction together with the weight penalty term."""

    def __init__(self, n_features: int = 7, d: int = 12, depth: int = 2, wd: float = 1e-3):
        super().__init__()
        self.wd = wd
        self.inp = nn.Linear(n_features, d)
        self.blocks = nn.Sequential(*[ResidualMLP(d) for _ in range(depth)])
        self.out = nn.Linear(d, 1)

    def forward(self, x):
        y = self.out(self.blocks(self.inp(x))).squeeze(-1)
        return y, self.wd * self.l2_penalty()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.reg = TabularRegressor()

    def forward(self, x):
        pred, penalty = self.reg(x)
        return pred, penalty


def inputs():
    torch.manual_seed(5313)
    return [(torch.randn(5, 7),), (torch.randn(9, 7),)]
