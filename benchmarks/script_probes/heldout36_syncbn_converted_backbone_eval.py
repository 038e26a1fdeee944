# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def conv_bn_relu(cin: int, cout: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride=stride, padding=1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class SegBackbone(nn.Module):
    """Small backbone whose BatchNorms are converted to SyncBatchNorm for multi-GPU training."""

    def __init__(self, widths=(3, 4, 6)):
        super().__init__()
        body = nn.Sequential(*[conv_bn_relu(a, b, 2) for a, b in zip(widths[:-1], widths[1:])])
        self.body = nn.SyncBatchNorm.convert_sync_batchnorm(body)
        self.classifier = nn.Conv2d(widths[-1], 2, 1)

    def forward(self, x: Tensor) -> Tensor:
        return self.classifier(self.body(x))


Model = SegBackbone


def inputs():
    torch.manual_seed(3634)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
