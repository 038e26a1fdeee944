# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class UpBlock(nn.Module):
    def __init__(self, ch: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x, skip):
        if torch.backends.cudnn.deterministic:
            # bilinear backward is not deterministic on GPU
            x = F.interpolate(x, size=skip.shape[-2:], mode="nearest")
        else:
            x = F.interpolate(x, size=skip.shape[-2:], mode="bilinear", align_corners=False)
        return self.conv(x + skip)


Model = UpBlock


def inputs():
    torch.manual_seed(1902)
    return [
        (torch.randn(1, 4, 3, 3), torch.randn(1, 4, 6, 6)),
        (torch.randn(2, 4, 4, 5), torch.randn(2, 4, 8, 10)),
    ]
