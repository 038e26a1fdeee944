# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class ConvBN(nn.Sequential):
    @classmethod
    def same(cls, cin: int, cout: int, k: int = 3):
        return cls(nn.Conv2d(cin, cout, k, padding=k // 2, bias=False), nn.BatchNorm2d(cout))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.stem = ConvBN.same(3, 8)
        self.head = ConvBN.same(8, 4, k=1)

    def forward(self, x):
        return self.head(torch.relu(self.stem(x)))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 7),)]
