# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GridAnchors(nn.Module):
    def __init__(self, stride: int = 4):
        super().__init__()
        self.stride = stride
        self.cls = nn.Conv2d(4, 2, 1)

    def forward(self, x):
        h, w = x.shape[-2:]
        ys = torch.arange(h, dtype=torch.float32) * self.stride
        xs = torch.arange(w, dtype=torch.float32) * self.stride
        centers = torch.cartesian_prod(ys, xs)
        scores = self.cls(x).flatten(2).transpose(1, 2)
        return scores, centers


Model = GridAnchors


def inputs():
    torch.manual_seed(2314)
    return [(torch.randn(1, 4, 3, 5),), (torch.randn(2, 4, 4, 2),)]
