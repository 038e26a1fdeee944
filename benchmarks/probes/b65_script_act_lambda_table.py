# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


ACTS = {"swish": lambda t: t * torch.sigmoid(t), "relu": F.relu}


class Model(nn.Module):
    """MLP whose activation is looked up by name in a table of callables at call time."""

    def __init__(self, act: str = "swish"):
        super().__init__()
        self.act = act
        self.fc1 = nn.Linear(6, 12)
        self.fc2 = nn.Linear(12, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(ACTS[self.act](self.fc1(x)))  # breaks: script


def inputs():
    torch.manual_seed(6522)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
