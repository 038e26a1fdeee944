import torch
from torch import nn


class MultiScaleFeats(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.a = nn.Linear(dim, dim)
        self.b = nn.Linear(dim, dim // 2)

    def forward(self, x):
        fa, fb = self.a(x), self.b(x)
        widths = {f.shape[-1] for f in (fa, fb)}
        return fa, fb, widths  # breaks: export,trace


Model = MultiScaleFeats


def inputs():
    torch.manual_seed(19)
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 2,)]
