# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.ao.quantization import DeQuantStub, QuantStub


class QuantReadyNet(nn.Module):
    """Mobile: a model prepared for eager-mode quantization (QuantStub/DeQuantStub), used before convert."""

    def __init__(self):
        super().__init__()
        self.quant = QuantStub()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.act = nn.ReLU()
        self.dequant = DeQuantStub()

    def forward(self, x):
        x = self.quant(x)
        x = self.act(self.conv(x))
        return self.dequant(x).mean(dim=(2, 3))


Model = QuantReadyNet


def inputs():
    torch.manual_seed(5528)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 11, 7),)]
