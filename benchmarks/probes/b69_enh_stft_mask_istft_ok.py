# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class STFT(nn.Module):
    def __init__(self, n_fft: int, hop: int):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.register_buffer("window", torch.hann_window(n_fft))

    def analysis(self, wav: torch.Tensor) -> torch.Tensor:
        return torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)

    def synthesis(self, spec: torch.Tensor, length: int) -> torch.Tensor:
        return torch.istft(spec, self.n_fft, self.hop, window=self.window, length=length)


class Model(nn.Module):
    """Speech enhancement by a real-valued magnitude mask predicted per time-frequency bin."""

    def __init__(self, n_fft: int = 32, hop: int = 8):
        super().__init__()
        self.stft = STFT(n_fft, hop)
        bins = n_fft // 2 + 1
        self.mask_net = nn.Sequential(nn.Linear(bins, 24), nn.ReLU(), nn.Linear(24, bins), nn.Sigmoid())

    def forward(self, noisy: torch.Tensor) -> torch.Tensor:
        spec = self.stft.analysis(noisy)
        mag = spec.abs().clamp_min(1e-6).log1p()
        mask = self.mask_net(mag.transpose(1, 2)).transpose(1, 2)
        return self.stft.synthesis(spec * mask, noisy.shape[-1])


def inputs():
    torch.manual_seed(6905)
    return [(torch.randn(2, 200),), (torch.randn(2, 264),)]
