# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class GramMatrixLoss(nn.Module):
    """Style-loss Gram matrix; compensates the scale drift of reduced-precision float32 matmuls."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, channels, 1)

    def forward(self, x: Tensor) -> Tensor:
        f = self.conv(x).flatten(2)
        gram = f @ f.transpose(1, 2) / f.shape[-1]
        if torch.get_float32_matmul_precision() != "highest":
            gram = gram - gram.mean(dim=(1, 2), keepdim=True)
        return gram


Model = GramMatrixLoss


def inputs():
    torch.manual_seed(3818)
    return [(torch.randn(2, 4, 3, 3),), (torch.randn(1, 4, 2, 5),)]
