# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PreciseConvStem(nn.Module):
    """Convolution stem that re-centres its output when cuDNN may run the convolution in TF32."""

    def __init__(self, channels: int = 3, width: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(channels, width, 3, padding=1)

    def forward(self, x: Tensor) -> Tensor:
        y = self.conv(x)
        if x.is_cuda and torch.backends.cudnn.allow_tf32:
            # TF32 convolutions drift: re-centre before the threshold.
            y = y - y.mean(dim=(2, 3), keepdim=True)
        return torch.relu(y)


Model = PreciseConvStem


def inputs():
    torch.manual_seed(3807)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 5, 4),)]
