# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class FrozenStatsBatchNorm1d(nn.BatchNorm1d):
    """BatchNorm1d that always normalises with its running statistics (frozen backbone)."""

    def forward(self, x: Tensor) -> Tensor:
        self._check_input_dim(x)
        return F.batch_norm(
            x, self.running_mean, self.running_var, self.weight, self.bias, False, 0.0, self.eps
        )


class Encoder(nn.Module):
    def __init__(self, dim: int = 6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.bn = FrozenStatsBatchNorm1d(dim)

    def forward(self, x: Tensor) -> Tensor:
        return torch.relu(self.bn(self.fc(x)))


Model = Encoder


def inputs():
    torch.manual_seed(4117)
    return [(torch.randn(4, 6),), (torch.randn(2, 6, 3).transpose(1, 2).reshape(6, 6),)]
