# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-task model: one head per task in a ModuleDict, the age head squashed."""

    def __init__(self, dim: int = 16, tasks=(("age", 1), ("gender", 2), ("emotion", 5))):
        super().__init__()
        self.trunk = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        self.heads = nn.ModuleDict({name: nn.Linear(dim, n) for name, n in tasks})

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.trunk(x)
        outs = []
        for name, head in self.heads.items():
            y = head(h)
            if name == "age":
                y = torch.sigmoid(y) * 100.0
            outs.append(y)
        return torch.cat(outs, dim=-1)


def inputs():
    torch.manual_seed(6320)
    return [(torch.randn(3, 16),), (torch.randn(5, 16),)]
