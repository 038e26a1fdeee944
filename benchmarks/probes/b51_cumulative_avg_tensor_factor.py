# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RunningFeatureNorm(nn.Module):
    """Standardises features with a cumulative (momentum=None) running mean/var, like BatchNorm."""

    def __init__(self, num_features: int = 6, eps: float = 1e-5, momentum=None):
        super().__init__()
        self.eps = eps
        self.momentum = momentum
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features))
        self.register_buffer("num_batches_tracked", torch.tensor(0, dtype=torch.long))

    def _update(self, x: Tensor) -> None:
        self.num_batches_tracked += 1
        if self.momentum is None:
            factor = 1.0 / self.num_batches_tracked.to(x.dtype)
        else:
            factor = self.momentum
        with torch.no_grad():
            self.running_mean.mul_(1 - factor).add_(x.mean(0) * factor)
            self.running_var.mul_(1 - factor).add_(x.var(0, unbiased=False) * factor)

    def forward(self, x: Tensor) -> Tensor:
        self._update(x)
        return (x - self.running_mean) / torch.sqrt(self.running_var + self.eps)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = RunningFeatureNorm(6)
        self.fc = nn.Linear(6, 3)

    def forward(self, x):
        return self.fc(self.norm(x))


def inputs():
    torch.manual_seed(5104)
    return [(torch.randn(8, 6),), (torch.randn(5, 6) * 2 + 1,)]
