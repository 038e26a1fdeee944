# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ConvBNReLU(nn.Sequential):
    def __init__(self, cin, cout):
        super().__init__(nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True))


class Backbone(nn.Module):
    def __init__(self, freeze_bn: bool = True):
        super().__init__()
        self.freeze_bn = freeze_bn
        self.stem = ConvBNReLU(3, 8)
        self.stage = nn.Sequential(ConvBNReLU(8, 8), ConvBNReLU(8, 16))
        self.head = nn.Conv2d(16, 4, 1)

    def _freeze_norm_layers(self):
        for m in self.modules():
            if isinstance(m, nn.BatchNorm2d):
                m.eval()

    def forward(self, x):
        if self.freeze_bn:
            self._freeze_norm_layers()
        return self.head(self.stage(self.stem(x)))


Model = Backbone


def inputs():
    torch.manual_seed(5106)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 12, 10),)]
