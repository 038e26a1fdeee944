# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Adapter that reads its base projection's weight back through state_dict() by key
    and adds a low-rank update to it at call time."""

    def __init__(self, d: int = 6, r: int = 2):
        super().__init__()
        self.base = nn.Linear(d, d)
        self.a = nn.Parameter(torch.randn(r, d) * 0.1)
        self.b = nn.Parameter(torch.randn(d, r) * 0.1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.state_dict(keep_vars=True)["base.weight"]  # breaks: script
        return F.linear(x, w + self.b @ self.a, self.base.bias)


def inputs():
    torch.manual_seed(6530)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
