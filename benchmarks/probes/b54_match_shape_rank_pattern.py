# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class AnyRankEncoder(nn.Module):
    """Audio/vision front end: a match statement on x.shape picks the pooling for (B, T, C) or (B, C, H, W)."""

    def __init__(self, c: int = 4):
        super().__init__()
        self.proj = nn.Linear(c, 5)

    def forward(self, x):
        match x.shape:
            case (b, t, c):
                pooled = x.mean(1)
            case (b, c, h, w):
                pooled = x.mean((2, 3))
            case _:
                raise ValueError("unsupported rank")
        return self.proj(pooled)


Model = AnyRankEncoder


def inputs():
    torch.manual_seed(5410)
    return [(torch.randn(2, 7, 4),), (torch.randn(3, 4, 5, 5),)]
