# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def space_to_depth(x, block: int):
    b, c, h, w = x.shape
    x = x.view(b, c, h // block, block, w // block, block)
    x = x.permute(0, 3, 5, 1, 2, 4).contiguous()
    return x.view(b, c * block * block, h // block, w // block)


class Reorg(nn.Module):
    """YOLOv2-style passthrough: fine features folded into channels and concatenated."""

    def __init__(self, block: int = 2):
        super().__init__()
        self.block = block
        self.fine = nn.Conv2d(3, 4, 3, padding=1)
        self.coarse = nn.Conv2d(4, 8, 3, stride=block, padding=1)
        self.fuse = nn.Conv2d(8 + 4 * block * block, 8, 1)

    def forward(self, x):
        f = F.leaky_relu(self.fine(x), 0.1)
        c = F.leaky_relu(self.coarse(f), 0.1)
        return self.fuse(torch.cat([c, space_to_depth(f, self.block)], dim=1))


Model = Reorg


def inputs():
    torch.manual_seed(5109)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 12, 16),)]
