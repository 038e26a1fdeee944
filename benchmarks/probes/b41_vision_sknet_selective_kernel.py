# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn
import torch.nn.functional as F


class SKConv(nn.Module):
    """Selective kernel convolution: branches with growing dilation, fused by channel softmax."""

    def __init__(self, channels: int, branches: int = 2, groups: int = 2, reduction: int = 4, min_dim: int = 8):
        super().__init__()
        d = max(channels // reduction, min_dim)
        self.branches = branches
        self.convs = nn.ModuleList(
            nn.Sequential(
                nn.Conv2d(channels, channels, 3, padding=1 + i, dilation=1 + i, groups=groups, bias=False),
                nn.BatchNorm2d(channels),
                nn.ReLU(inplace=True),
            )
            for i in range(branches)
        )
        self.fc = nn.Sequential(nn.Conv2d(channels, d, 1, bias=False), nn.BatchNorm2d(d), nn.ReLU(inplace=True))
        self.fcs = nn.Conv2d(d, channels * branches, 1)

    def forward(self, x):
        feats = torch.stack([conv(x) for conv in self.convs], dim=1)  # B, M, C, H, W
        u = feats.sum(dim=1)
        s = F.adaptive_avg_pool2d(u, 1)
        z = self.fc(s)
        attn = self.fcs(z).view(x.size(0), self.branches, -1, 1, 1)
        attn = attn.softmax(dim=1)
        return (feats * attn).sum(dim=1)


class SKBottleneck(nn.Module):
    expansion = 2

    def __init__(self, in_ch: int, mid: int, stride: int = 1):
        super().__init__()
        out = mid * self.expansion
        self.reduce = nn.Sequential(nn.Conv2d(in_ch, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.ReLU(inplace=True))
        self.sk = SKConv(mid)
        self.pool = nn.AvgPool2d(stride) if stride > 1 else nn.Identity()
        self.expand = nn.Sequential(nn.Conv2d(mid, out, 1, bias=False), nn.BatchNorm2d(out))
        self.shortcut = nn.Identity() if (in_ch == out and stride == 1) else nn.Sequential(
            nn.AvgPool2d(stride) if stride > 1 else nn.Identity(), nn.Conv2d(in_ch, out, 1, bias=False), nn.BatchNorm2d(out)
        )

    def forward(self, x):
        y = self.expand(self.pool(self.sk(self.reduce(x))))
        return F.relu(y + self.shortcut(x))


class SKNet(nn.Module):
    def __init__(self, num_classes: int = 10):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 16, 3, padding=1, bias=False), nn.BatchNorm2d(16), nn.ReLU(inplace=True))
        self.layer1 = SKBottleneck(16, 8)
        self.layer2 = SKBottleneck(16, 16, stride=2)
        self.head = nn.Linear(32, num_classes)

    def forward(self, x):
        x = self.layer2(self.layer1(self.stem(x)))
        return self.head(torch.flatten(F.adaptive_avg_pool2d(x, 1), 1))


Model = SKNet


def inputs():
    torch.manual_seed(4107)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 20, 12),)]
