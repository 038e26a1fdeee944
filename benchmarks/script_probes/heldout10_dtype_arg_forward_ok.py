# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class CastHead(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, 2)

    def forward(self, x: torch.Tensor, out_dtype: torch.dtype = torch.float32) -> torch.Tensor:
        y = self.fc(x).softmax(-1)
        return y.to(out_dtype)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = CastHead()

    def forward(self, x, out_dtype: torch.dtype = torch.float32):
        return self.head(x, out_dtype)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4), torch.float64), (torch.randn(3, 4), torch.float16)]
