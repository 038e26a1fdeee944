# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GuardedDropoutMLP(nn.Module):
    """MLP that applies dropout only when its rate lies strictly between zero and one."""

    def __init__(self, dim: int = 8, p: float = 0.2):
        super().__init__()
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.fc2 = nn.Linear(2 * dim, dim)
        self.p = p

    def forward(self, x: Tensor) -> Tensor:
        h = F.gelu(self.fc1(x))
        if 0.0 < self.p < 1.0:
            h = F.dropout(h, self.p, self.training)
        return self.fc2(h)


Model = GuardedDropoutMLP


def inputs():
    torch.manual_seed(4032)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
