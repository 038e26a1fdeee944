# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PyramidEncoder(nn.Module):
    """Vision: each stage's output is kept on the module as ``feat_<i>`` with setattr, for a later decoder."""

    def __init__(self):
        super().__init__()
        self.stages = nn.ModuleList(
            [nn.Sequential(nn.Conv2d(3 if i == 0 else 8, 8, 3, stride=2, padding=1), nn.ReLU()) for i in range(3)]
        )
        self.head = nn.Conv2d(8, 2, 1)

    def forward(self, x):
        for i, stage in enumerate(self.stages):
            x = stage(x)
            setattr(self, f"feat_{i}", x)
        return self.head(x)


Model = PyramidEncoder


def inputs():
    torch.manual_seed(5501)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 24, 40),)]
