import torch
from torch import nn


class GlobalFilter(nn.Module):
    """Frequency-domain token mixing with a learned complex filter (GFNet-style)."""

    def __init__(self, dim: int = 4, h: int = 4, w: int = 4):
        super().__init__()
        self.complex_weight = nn.Parameter(torch.randn(h, w // 2 + 1, dim, 2) * 0.02)

    def forward(self, x):
        b, h, w, c = x.shape
        y = torch.fft.rfft2(x.float(), dim=(1, 2), norm="ortho")
        y = y * torch.view_as_complex(self.complex_weight)
        y = torch.fft.irfft2(y, s=(h, w), dim=(1, 2), norm="ortho")
        return y.to(x.dtype)


class FilterBlock(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.filter = GlobalFilter(dim)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = nn.Sequential(nn.Linear(dim, 8), nn.GELU(), nn.Linear(8, dim))

    def forward(self, x):
        return x + self.mlp(self.norm2(self.filter(self.norm1(x))))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(FilterBlock(), FilterBlock())

    def forward(self, x):
        return self.blocks(x)


def inputs():
    return [(torch.randn(1, 4, 4, 4),), (torch.randn(3, 4, 4, 4),)]
