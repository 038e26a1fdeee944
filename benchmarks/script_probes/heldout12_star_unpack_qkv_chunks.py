# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class SplitAttention(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.to_qkv = nn.Linear(dim, dim * 4)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, *values = self.to_qkv(x).chunk(4, dim=-1)
        attn = (q @ q.transpose(-2, -1)).softmax(-1)
        out = torch.zeros_like(q)
        for v in values:
            out = out + attn @ v
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = SplitAttention()

    def forward(self, x):
        return self.attn(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8),), (torch.randn(1, 5, 8),)]
