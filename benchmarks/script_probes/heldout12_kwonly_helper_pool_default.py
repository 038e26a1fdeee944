# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn
import torch.nn.functional as F


def gem_pool(x: torch.Tensor, *, p: float = 3.0, eps: float = 1e-6) -> torch.Tensor:
    return F.avg_pool2d(x.clamp(min=eps).pow(p), x.shape[-2:]).pow(1.0 / p)


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return gem_pool(torch.relu(self.conv(x)), p=2.0).flatten(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = Backbone()
        self.fc = nn.Linear(6, 3)

    def forward(self, x):
        return self.fc(self.backbone(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 8, 6),)]
