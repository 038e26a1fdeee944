# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class RepeatRefine(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor, steps: torch.Tensor) -> torch.Tensor:
        for _ in range(steps.item()):
            x = x + 0.1 * torch.tanh(self.fc(x))
        return x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.refine = RepeatRefine()

    def forward(self, x, steps):
        return self.refine(x, steps)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), torch.tensor(2)), (torch.randn(3, 4), torch.tensor(4))]
