# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Speech enhancement: a masking net on the magnitude STFT, phase re-estimated by Griffin-Lim
    with more iterations for louder (harder) frames."""

    def __init__(self, n_fft: int = 16, hop: int = 4):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.register_buffer("window", torch.hann_window(n_fft))
        self.mask = nn.Sequential(nn.Linear(n_fft // 2 + 1, n_fft // 2 + 1), nn.Sigmoid())

    def _stft(self, wav: torch.Tensor) -> torch.Tensor:
        return torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)

    def forward(self, noisy: torch.Tensor) -> torch.Tensor:
        spec = self._stft(noisy)
        mag = spec.abs() * self.mask(spec.abs().transpose(-1, -2)).transpose(-1, -2)
        n_iter = (mag.mean(-2) > 1.0).sum()
        phase = torch.exp(1j * spec.angle())
        for _ in range(n_iter):  # breaks: compile,export,trace,script
            wav = torch.istft(mag * phase, self.n_fft, self.hop, window=self.window, length=noisy.size(-1))
            phase = torch.exp(1j * self._stft(wav).angle())
        return torch.istft(mag * phase, self.n_fft, self.hop, window=self.window, length=noisy.size(-1))


def inputs():
    torch.manual_seed(7130)
    return [(torch.randn(1, 48) * 0.2,), (torch.randn(1, 48) * 3.0,)]
