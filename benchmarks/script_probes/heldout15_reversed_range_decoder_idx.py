# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(4, 4, 1) for _ in range(3)])
        self.n_levels = 3

    def forward(self, x):
        feats = [x]
        for _ in range(self.n_levels - 1):
            feats.append(F.avg_pool2d(feats[-1], 2))
        out = feats[self.n_levels - 1]
        for i in reversed(range(self.n_levels - 1)):
            up = F.interpolate(out, size=feats[i].shape[-2:], mode="nearest")
            out = up + feats[i]
        return out


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 4, 16, 16),), (torch.randn(2, 4, 8, 8),)]
