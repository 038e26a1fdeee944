# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class StdConv2d(nn.Conv2d):
    def __init__(self, in_ch=3, out_ch=6, kernel_size=3, eps=1e-6):
        super().__init__(in_ch, out_ch, kernel_size, padding=1, bias=False)
        self.eps = eps

    def forward(self, x):
        weight = F.batch_norm(
            self.weight.reshape(1, self.out_channels, -1), None, None, training=True, momentum=0.0, eps=self.eps
        ).reshape_as(self.weight)
        return self._conv_forward(x, weight, self.bias)


Model = StdConv2d


def inputs():
    torch.manual_seed(30)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 7),)]
