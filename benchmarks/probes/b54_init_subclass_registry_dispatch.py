# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Head(nn.Module):
    registry = {}

    def __init_subclass__(cls, key: str = "", **kw):
        super().__init_subclass__(**kw)
        Head.registry[key] = cls


class BoxHead(Head, key="box"):
    def forward(self, x):
        return torch.sigmoid(x[..., :4])


class ScoreHead(Head, key="score"):
    def forward(self, x):
        return x[..., 4:].softmax(-1)


class Detector(nn.Module):
    """Detection: heads self-register through __init_subclass__; forward builds each head by key."""

    def __init__(self, d: int = 6):
        super().__init__()
        self.stem = nn.Linear(d, 8)
        self.keys = ["box", "score"]

    def forward(self, x):
        h = self.stem(x)
        return torch.cat([Head.registry[k]()(h) for k in self.keys], -1)


Model = Detector


def inputs():
    torch.manual_seed(5414)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
