# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GatedFFN(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 16, act: str = "gelu"):
        super().__init__()
        self.acts = {"relu": F.relu, "gelu": F.gelu, "silu": F.silu}
        self.act_name = act
        self.w_in = nn.Linear(dim, 2 * hidden)
        self.w_out = nn.Linear(hidden, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        a, b = self.w_in(x).chunk(2, dim=-1)
        return self.w_out(self.acts[self.act_name](a) * b)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.ffn = GatedFFN()

    def forward(self, x):
        return x + self.ffn(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
