import torch
from torch import nn
from torch.ao.nn.quantized import FloatFunctional
from torch.ao.quantization import DeQuantStub, QuantStub


class ConvBNReLU(nn.Sequential):
    def __init__(self, cin, cout, k=3, stride=1):
        super().__init__(nn.Conv2d(cin, cout, k, stride, k // 2, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class InvertedResidual(nn.Module):
    def __init__(self, ch, expand=2):
        super().__init__()
        self.conv = nn.Sequential(ConvBNReLU(ch, ch * expand, 1), nn.Conv2d(ch * expand, ch, 1, bias=False), nn.BatchNorm2d(ch))
        self.skip_add = FloatFunctional()

    def forward(self, x):
        return self.skip_add.add(x, self.conv(x))


class Model(nn.Module):
    """Quantization-ready MobileNet-style classifier."""

    def __init__(self):
        super().__init__()
        self.quant = QuantStub()
        self.stem = ConvBNReLU(3, 8, stride=2)
        self.blocks = nn.Sequential(InvertedResidual(8), InvertedResidual(8))
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(8, 4)
        self.dequant = DeQuantStub()

    def forward(self, x):
        x = self.blocks(self.stem(self.quant(x)))
        return self.dequant(self.fc(self.pool(x).flatten(1)))


def inputs():
    torch.manual_seed(73)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 20, 12),)]
