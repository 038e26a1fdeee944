# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResizeHead(nn.Module):
    def __init__(self, size_spec: str = "6x4", channels: int = 3):
        super().__init__()
        self.size_spec = size_spec
        self.conv = nn.Conv2d(channels, channels, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h, w = self.size_spec.split("x")
        x = F.interpolate(x, size=(int(h), int(w)), mode="bilinear", align_corners=False)
        return self.conv(x)


Model = ResizeHead


def inputs():
    torch.manual_seed(2134)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 5, 7),)]
