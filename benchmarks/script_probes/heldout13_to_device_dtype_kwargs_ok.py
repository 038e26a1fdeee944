# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class PosBias(nn.Module):
    def __init__(self, n: int = 16):
        super().__init__()
        self.table = nn.Parameter(torch.randn(n))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pos = torch.arange(x.size(1), device=x.device)
        bias = self.table[pos].to(device=x.device, dtype=x.dtype, non_blocking=True)
        return x + bias.view(1, -1, 1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pos = PosBias()

    def forward(self, x):
        return self.pos(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 3),), (torch.randn(1, 7, 3),)]
