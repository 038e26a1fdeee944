# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MeanImputeConv(nn.Module):
    """Fills missing pixels with the image mean (as a Python float) before the conv stem."""

    def __init__(self, c=3, width=6):
        super().__init__()
        self.stem = nn.Conv2d(c, width, 3, padding=1)

    def forward(self, img, missing):
        fill = float(img[~missing].mean())
        img = img.masked_fill(missing, fill)
        return F.relu(self.stem(img))


Model = MeanImputeConv


def inputs():
    torch.manual_seed(4208)
    out = []
    for hw in (6, 6, 5):
        img = torch.randn(2, 3, hw, hw) + torch.rand(1) * 3
        out.append((img, torch.rand(2, 3, hw, hw) < 0.2))
    return out
