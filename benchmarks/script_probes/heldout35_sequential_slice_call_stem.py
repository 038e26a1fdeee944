# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def conv_bn(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU()
    )


class TwoTapBackbone(nn.Module):
    """Backbone whose low-level tap is the output of the first blocks of one Sequential."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(
            conv_bn(3, 8), conv_bn(8, 16, 2), conv_bn(16, 32, 2), conv_bn(32, 32)
        )
        self.proj = nn.Conv2d(16, 32, 1)

    def forward(self, x: Tensor) -> Tensor:
        low = self.features[:2](x)
        high = self.features(x)
        return self.proj(low).mean(dim=(2, 3)) + high.mean(dim=(2, 3))


Model = TwoTapBackbone


def inputs():
    torch.manual_seed(3502)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 12, 12),)]
