# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Float32Softmax(nn.Module):
    """Attention softmax computed in a fixed precision declared on the class."""

    compute_dtype = torch.float32

    def __init__(self, dim: int = 8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        scores = self.proj(x) @ x.transpose(-2, -1)
        return scores.to(self.compute_dtype).softmax(-1).to(x.dtype)


Model = Float32Softmax


def inputs():
    torch.manual_seed(4040)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
