import math

import torch
from torch import nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self, ch=3, dim=12, max_patch=4):
        super().__init__()
        self.max_patch = max_patch
        self.ch = ch
        self.proj = nn.Linear(ch * 4, dim)

    def forward(self, img):
        h, w = img.shape[-2:]
        p = math.gcd(math.gcd(h, w), self.max_patch)  # breaks: compile
        patches = F.unfold(img, kernel_size=p, stride=p)
        patches = F.adaptive_avg_pool1d(patches.transpose(1, 2), self.ch * 4)
        return self.proj(patches)


def inputs():
    torch.manual_seed(24)
    return [(torch.randn(1, 3, 8, 8),), (torch.randn(2, 3, 8, 12),)]
