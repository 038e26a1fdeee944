import torch
import torch.nn as nn
import torch.nn.functional as F


class PatchGridNorm(nn.Module):
    grid = torch.Size([4, 4])

    def __init__(self, ch=3):
        super().__init__()
        self.conv = nn.Conv2d(ch, 8, 3, padding=1)

    def forward(self, img):
        h = self.conv(img)
        if h.shape[-2:] != self.grid:  # breaks: trace
            h = F.adaptive_avg_pool2d(h, self.grid)
        return h.flatten(1)


Model = PatchGridNorm


def inputs():
    torch.manual_seed(6)
    return [(torch.randn(2, 3, 4, 4),), (torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
