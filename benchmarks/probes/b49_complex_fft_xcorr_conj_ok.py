# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.fft


class FFTCrossCorrelation(nn.Module):
    """Autocorrelation-style lag scores: irfft(F(q) * conj(F(k)))."""

    def __init__(self, dim=4):
        super().__init__()
        self.q = nn.Linear(dim, dim)
        self.k = nn.Linear(dim, dim)

    def forward(self, x):
        n = x.shape[1]
        q = torch.fft.rfft(self.q(x), dim=1)
        k = torch.fft.rfft(self.k(x), dim=1)
        corr = torch.fft.irfft(q * torch.conj(k), n=n, dim=1)
        return corr.mean(-1).softmax(-1)


Model = FFTCrossCorrelation


def inputs():
    torch.manual_seed(4914)
    return [(torch.randn(2, 8, 4),), (torch.randn(1, 11, 4),)]
