# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectralGate(nn.Module):
    def __init__(self, n_fft: int = 64, hop: int = 16):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.gain = nn.Parameter(torch.ones(n_fft // 2 + 1, 1))

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)
        spec = spec * torch.sigmoid(self.gain)
        return torch.istft(spec, self.n_fft, self.hop, window=self.window, length=wav.shape[-1])


Model = SpectralGate


def inputs():
    torch.manual_seed(4801)
    return [(torch.randn(2, 400),), (torch.randn(3, 517),)]
