# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class MemoryTokens(nn.Module):
    def __init__(self, n: int = 3, dim: int = 4, device=None, dtype=None):
        super().__init__()
        self.factory_kwargs = {"device": device, "dtype": dtype}
        self.tokens = nn.Parameter(torch.randn(n, dim, **self.factory_kwargs))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        pad = torch.zeros(x.size(0), 1, x.size(2), **self.factory_kwargs)
        mem = self.tokens.unsqueeze(0).expand(x.size(0), -1, -1)
        return torch.cat([mem, pad, x], dim=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mem = MemoryTokens()

    def forward(self, x):
        return self.mem(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 4),), (torch.randn(1, 2, 4),)]
