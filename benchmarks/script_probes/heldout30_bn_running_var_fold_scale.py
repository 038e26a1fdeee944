# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class FusedConvBN(nn.Module):
    """Conv + BN evaluated with the BN folded into the conv weight (deploy-time trick)."""

    def __init__(self, cin: int = 3, cout: int = 6):
        super().__init__()
        self.conv = nn.Conv2d(cin, cout, 3, padding=1, bias=False)
        self.bn = nn.BatchNorm2d(cout)
        with torch.no_grad():
            self.bn.running_mean.uniform_(-0.5, 0.5)
            self.bn.running_var.uniform_(0.5, 2.0)

    def forward(self, x: Tensor) -> Tensor:
        std = torch.sqrt(self.bn.running_var + self.bn.eps)
        scale = self.bn.weight / std
        bias = self.bn.bias - self.bn.running_mean * scale
        w = self.conv.weight * scale.view(-1, 1, 1, 1)
        return nn.functional.conv2d(x, w, bias, padding=1)


Model = FusedConvBN


def inputs():
    torch.manual_seed(3005)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 5, 6),)]
