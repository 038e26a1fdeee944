# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PriorGrid(nn.Module):
    def __init__(self, strides=(8, 16, 32)):
        super().__init__()
        self.strides = strides

    def forward(self, feat):
        strides = list(self.strides)
        h, w = feat.shape[-2:]
        out = []
        for s in strides:
            ys = torch.arange(h, dtype=feat.dtype) * s
            xs = torch.arange(w, dtype=feat.dtype) * s
            out.append(torch.stack(torch.meshgrid(ys, xs, indexing="ij"), dim=-1).reshape(-1, 2))
        return torch.cat(out, dim=0)


Model = PriorGrid


def inputs():
    torch.manual_seed(196)
    return [(torch.randn(1, 2, 3, 4),), (torch.randn(2, 2, 2, 5),)]
