# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def masked_steps(x: Tensor, lengths: Tensor) -> Tensor:
    out = torch.zeros_like(x[:, 0])
    for t in range(int(lengths.max())):
        keep = (t < lengths).to(x.dtype).unsqueeze(-1)
        out = out + keep * x[:, t]
    return out


class Pool(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
        return self.proj(masked_steps(x, lengths))


Model = Pool


def inputs():
    torch.manual_seed(2105)
    return [
        (torch.randn(2, 5, 4), torch.tensor([3, 5])),
        (torch.randn(3, 6, 4), torch.tensor([1, 2, 4])),
    ]
