# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectralConv2d(nn.Module):
    """Fourier-layer style: mix channels on the lowest modes in frequency space."""

    def __init__(self, ch=3, modes=2):
        super().__init__()
        self.modes = modes
        scale = 1.0 / (ch * ch)
        self.weight = nn.Parameter(scale * torch.rand(ch, ch, modes, modes, dtype=torch.cfloat))

    def forward(self, x):
        b, c, h, w = x.shape
        x_ft = torch.fft.rfft2(x, norm="ortho")
        out_ft = torch.zeros(b, c, h, w // 2 + 1, dtype=torch.cfloat, device=x.device)
        m = self.modes
        out_ft[:, :, :m, :m] = torch.einsum("bixy,ioxy->boxy", x_ft[:, :, :m, :m], self.weight)
        return torch.fft.irfft2(out_ft, s=(h, w), norm="ortho")


Model = SpectralConv2d


def inputs():
    torch.manual_seed(208)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(1, 3, 4, 8),)]
