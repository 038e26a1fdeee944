import torch
from torch import nn
import torch.nn.functional as F


class LongConv(nn.Module):
    """FFT long convolution (Hyena/S4 style) padded to a power of two."""

    def __init__(self, ch=4, kernel_len=16):
        super().__init__()
        self.kernel = nn.Parameter(torch.randn(ch, kernel_len) * 0.1)

    def forward(self, u):
        L = u.size(-1)
        n = 1 << (2 * L - 1).bit_length()  # breaks: trace
        k = F.pad(self.kernel[:, :L], (0, max(0, L - self.kernel.size(-1))))
        y = torch.fft.irfft(torch.fft.rfft(u, n=n) * torch.fft.rfft(k, n=n), n=n)
        return y[..., :L]


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = LongConv()

    def forward(self, x):
        return self.conv(x) + x


def inputs():
    torch.manual_seed(42)
    return [(torch.randn(2, 4, 10),), (torch.randn(2, 4, 24),)]
