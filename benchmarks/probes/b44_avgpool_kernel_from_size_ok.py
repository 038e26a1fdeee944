# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PyramidPoolingHead(nn.Module):
    """PSPNet-style head: a global branch pooled with the feature map's own size as kernel."""

    def __init__(self, in_ch=8, out_ch=4, num_classes=3):
        super().__init__()
        self.global_conv = nn.Conv2d(in_ch, out_ch, 1, bias=False)
        self.local_conv = nn.Conv2d(in_ch, out_ch, 3, padding=1, bias=False)
        self.cls = nn.Conv2d(2 * out_ch, num_classes, 1)

    def forward(self, x):
        g = F.avg_pool2d(x, x.size()[2:])
        g = F.relu(self.global_conv(g))
        g = g.expand(-1, -1, x.size(2), x.size(3))
        l = F.relu(self.local_conv(x))
        return self.cls(torch.cat([l, g], dim=1))


Model = PyramidPoolingHead


def inputs():
    torch.manual_seed(44)
    return [(torch.randn(2, 8, 8, 8),), (torch.randn(1, 8, 12, 10),)]
