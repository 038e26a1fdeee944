# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from typing import List


class Padder(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, seqs: List[torch.Tensor]) -> torch.Tensor:
        longest = max((s.shape[0] for s in seqs), default=0)
        out = torch.zeros(len(seqs), longest, seqs[0].shape[-1])
        for i, s in enumerate(seqs):
            out[i, : s.shape[0]] = s
        return self.proj(out)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.pad = Padder()

    def forward(self, a, b):
        return self.pad([a, b])


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4), torch.randn(5, 4)), (torch.randn(2, 4), torch.randn(2, 4))]
