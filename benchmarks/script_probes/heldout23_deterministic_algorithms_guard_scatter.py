# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SegmentPool(nn.Module):
    def __init__(self, dim: int = 6, segments: int = 3):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.segments = segments

    def forward(self, x, seg):
        h = self.proj(x)
        out = h.new_zeros(self.segments, h.shape[-1])
        index = seg.unsqueeze(-1).expand_as(h)
        if torch.are_deterministic_algorithms_enabled():
            for s in range(self.segments):
                out[s] = h[seg == s].sum(0)
        else:
            out = out.scatter_add(0, index, h)
        return out


Model = SegmentPool


def inputs():
    torch.manual_seed(2307)
    return [
        (torch.randn(5, 6), torch.tensor([0, 1, 2, 1, 0])),
        (torch.randn(7, 6), torch.tensor([2, 2, 0, 1, 1, 0, 2])),
    ]
