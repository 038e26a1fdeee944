import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import spectral_norm

SN = spectral_norm


class DiscBlock(nn.Module):
    def __init__(self, in_ch, out_ch, downsample=True):
        super().__init__()
        self.c1 = SN(nn.Conv2d(in_ch, out_ch, 3, padding=1))
        self.c2 = SN(nn.Conv2d(out_ch, out_ch, 3, padding=1))
        self.c_sc = SN(nn.Conv2d(in_ch, out_ch, 1))
        self.downsample = downsample

    def forward(self, x):
        h = self.c2(F.relu(self.c1(F.relu(x))))
        sc = self.c_sc(x)
        if self.downsample:
            h, sc = F.avg_pool2d(h, 2), F.avg_pool2d(sc, 2)
        return h + sc


class ProjectionDiscriminator(nn.Module):
    def __init__(self, ch=16, num_classes=10):
        super().__init__()
        self.blocks = nn.Sequential(DiscBlock(3, ch), DiscBlock(ch, ch), DiscBlock(ch, ch, downsample=False))
        self.l_y = SN(nn.Embedding(num_classes, ch))
        self.linear = SN(nn.Linear(ch, 1))

    def forward(self, x, y):
        h = F.relu(self.blocks(x)).sum(dim=(2, 3))
        return self.linear(h).squeeze(1) + (self.l_y(y) * h).sum(dim=1)


Model = ProjectionDiscriminator


def inputs():
    torch.manual_seed(3519)
    return [(torch.randn(2, 3, 16, 16), torch.tensor([1, 7])), (torch.randn(4, 3, 16, 16), torch.tensor([0, 3, 3, 9]))]
