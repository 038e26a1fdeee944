# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class ConfigurableMlp(nn.Module):
    """MLP whose activation name comes from a config string, normalised in forward."""

    def __init__(self, dim: int = 8, act: str = " GELU-Tanh "):
        super().__init__()
        self.act = act
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)

    def activation(self, x: Tensor) -> Tensor:
        name = self.act.strip().lower().replace("-", "_")
        if name == "gelu_tanh":
            return F.gelu(x, approximate="tanh")
        if name.startswith("gelu"):
            return F.gelu(x)
        return F.relu(x)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc2(self.activation(self.fc1(x)))


Model = ConfigurableMlp


def inputs():
    torch.manual_seed(3521)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
