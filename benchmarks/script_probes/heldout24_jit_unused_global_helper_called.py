# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.unused
def standardize(x: Tensor) -> Tensor:
    return (x - x.mean(dim=-1, keepdim=True)) / (x.std(dim=-1, keepdim=True) + 1e-5)


class StandardizedHead(nn.Module):
    def __init__(self, dim: int = 5):
        super().__init__()
        self.fc = nn.Linear(dim, 2)

    def forward(self, x: Tensor) -> Tensor:
        return self.fc(standardize(x))


Model = StandardizedHead


def inputs():
    torch.manual_seed(2432)
    return [(torch.randn(2, 5),), (torch.randn(4, 5),)]
