# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class AuxHead(nn.Module):
    def __init__(self, dim: int = 8, n_cls: int = 3):
        super().__init__()
        self.fc = nn.Linear(dim, n_cls)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if not self.training:
            return None
        return self.fc(x.mean(1))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(8, 8)
        self.aux = AuxHead()

    def forward(self, x):
        h = self.body(x)
        aux = self.aux(h)
        if aux is not None:
            return h.mean(1) + aux.sum()
        return h.mean(1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
