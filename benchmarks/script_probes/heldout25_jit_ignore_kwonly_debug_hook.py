# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Block(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.debug = False

    @torch.jit.ignore
    def log_stats(self, x: Tensor, *, tag: str = "block") -> None:
        if self.debug:
            print(tag, float(x.std()))

    def forward(self, x):
        y = torch.relu(self.fc(x))
        self.log_stats(y, tag="fc")
        return y


Model = Block


def inputs():
    torch.manual_seed(2532)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
