import torch
from torch import nn


def flatten_features(feats):
    if isinstance(feats, torch.Tensor):
        return [feats]
    out = []
    for f in feats:
        out.extend(flatten_features(f))
    return out


class Pyramid(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.stem = nn.Conv2d(channels, channels, 3, padding=1)
        self.down = nn.Conv2d(channels, channels, 3, stride=2, padding=1)

    def forward(self, x):
        c1 = self.stem(x)
        c2 = self.down(c1)
        c3 = self.down(c2)
        return [c1, [c2, [c3]]]


class Model(nn.Module):
    def __init__(self, channels: int = 4):
        super().__init__()
        self.pyramid = Pyramid(channels)
        self.head = nn.Linear(channels, 2)

    def forward(self, x):
        levels = flatten_features(self.pyramid(x))
        pooled = torch.stack([lvl.mean((-2, -1)) for lvl in levels], 0).sum(0)
        return self.head(pooled)


def inputs():
    return [(torch.randn(1, 4, 8, 8),), (torch.randn(2, 4, 6, 10),)]
