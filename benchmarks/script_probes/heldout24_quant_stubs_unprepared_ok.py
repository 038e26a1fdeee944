# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.ao.quantization import DeQuantStub, QuantStub


class QuantReadyNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = QuantStub()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)
        self.relu = nn.ReLU()
        self.dequant = DeQuantStub()

    def forward(self, x):
        x = self.quant(x)
        x = self.relu(self.conv(x))
        return self.dequant(x)


Model = QuantReadyNet


def inputs():
    torch.manual_seed(2429)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 3, 5),)]
