# ruff: noqa  (a probe is written as users write models)
from typing import List, Optional, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def pad_list(xs: List[Tensor], pad_value: float = 0.0) -> Tensor:
    n_batch = len(xs)
    max_len = max(x.size(0) for x in xs)
    pad = xs[0].new_full((n_batch, max_len, *xs[0].size()[1:]), pad_value)
    for i in range(n_batch):
        pad[i, : xs[i].size(0)] = xs[i]
    return pad


class DurationPredictor(nn.Module):
    def __init__(self, d: int = 16, k: int = 3, offset: float = 1.0):
        super().__init__()
        self.offset = offset
        self.convs = nn.ModuleList([nn.Conv1d(d, d, k, padding=k // 2), nn.Conv1d(d, d, k, padding=k // 2)])
        self.norms = nn.ModuleList([nn.LayerNorm(d), nn.LayerNorm(d)])
        self.linear = nn.Linear(d, 1)

    def forward(self, xs: Tensor) -> Tensor:
        for conv, norm in zip(self.convs, self.norms):
            xs = norm(F.relu(conv(xs.transpose(1, 2))).transpose(1, 2))
        log_d = self.linear(xs).squeeze(-1)
        return torch.clamp(torch.round(log_d.exp() - self.offset), min=0).long()


class LengthRegulator(nn.Module):
    def __init__(self, pad_value: float = 0.0):
        super().__init__()
        self.pad_value = pad_value

    def forward(self, xs: Tensor, ds: Tensor, alpha: float = 1.0) -> Tensor:
        if alpha != 1.0:
            ds = torch.round(ds.float() * alpha).long()
        if ds.sum() == 0:  # breaks: compile,export
            ds[ds.sum(dim=1).eq(0)] = 1
        repeat = [torch.repeat_interleave(x, d, dim=0) for x, d in zip(xs, ds)]
        return pad_list(repeat, self.pad_value)


class VarianceAdaptor(nn.Module):
    def __init__(self, d: int = 16):
        super().__init__()
        self.duration_predictor = DurationPredictor(d)
        self.length_regulator = LengthRegulator()

    def forward(self, hs: Tensor) -> Tuple[Tensor, Tensor]:
        d_outs = self.duration_predictor(hs)
        return self.length_regulator(hs, d_outs), d_outs


Model = VarianceAdaptor


def inputs():
    torch.manual_seed(5008)
    return [
        (torch.randn(2, 5, 16),),
        (torch.randn(3, 4, 16) * 2,),
    ]
