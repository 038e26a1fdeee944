# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MeanImputeConvTensor(nn.Module):
    """Same imputation, but the fill value stays a 0-dim tensor inside torch.where."""

    def __init__(self, c=3, width=6):
        super().__init__()
        self.stem = nn.Conv2d(c, width, 3, padding=1)

    def forward(self, img, missing):
        keep = (~missing).to(img.dtype)
        fill = (img * keep).sum() / keep.sum().clamp_min(1.0)
        img = torch.where(missing, fill, img)
        return F.relu(self.stem(img))


Model = MeanImputeConvTensor


def inputs():
    torch.manual_seed(4209)
    out = []
    for hw in (6, 6, 5):
        img = torch.randn(2, 3, hw, hw) + torch.rand(1) * 3
        out.append((img, torch.rand(2, 3, hw, hw) < 0.2))
    return out
