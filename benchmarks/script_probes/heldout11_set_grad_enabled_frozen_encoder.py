# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Encoder(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))

    def forward(self, x):
        return self.net(x)


class Model(nn.Module):
    def __init__(self, dim: int = 8, n_cls: int = 3, finetune: bool = False):
        super().__init__()
        self.encoder = Encoder(dim)
        self.head = nn.Linear(dim, n_cls)
        self.finetune = finetune

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.set_grad_enabled(self.finetune):
            feats = self.encoder(x)
        return self.head(feats)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
