# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class UpsampleHead(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(4, 2, 1)

    def forward(self, x, ref):
        y = self.conv(x)
        if torch.onnx.is_in_onnx_export():
            return F.interpolate(y, scale_factor=2.0, mode="nearest")
        return F.interpolate(y, size=ref.shape[-2:], mode="nearest")


Model = UpsampleHead


def inputs():
    torch.manual_seed(9)
    return [
        (torch.randn(1, 4, 4, 4), torch.randn(1, 1, 8, 8)),
        (torch.randn(2, 4, 3, 5), torch.randn(2, 1, 6, 10)),
    ]
