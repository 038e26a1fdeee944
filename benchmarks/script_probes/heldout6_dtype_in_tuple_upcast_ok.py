# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn.functional as F
from torch import nn


class FP32LayerNorm(nn.LayerNorm):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        orig_dtype = x.dtype
        if x.dtype in (torch.float16, torch.bfloat16):
            x = x.float()
        y = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return y.to(orig_dtype)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = FP32LayerNorm(4)
        self.fc = nn.Linear(4, 4)

    def forward(self, x):
        return self.fc(self.norm(x))


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 2, 4),)]
