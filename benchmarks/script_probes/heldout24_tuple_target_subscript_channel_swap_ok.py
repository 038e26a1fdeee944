# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BGRToRGBStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, img):
        x = img.clone()
        # checkpoints were trained on BGR frames
        x[:, 0], x[:, 2] = img[:, 2], img[:, 0]
        return self.conv(x)


Model = BGRToRGBStem


def inputs():
    torch.manual_seed(2403)
    return [(torch.randn(1, 3, 5, 5),), (torch.randn(2, 3, 4, 6),)]
