# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MelToWave(nn.Module):
    """Linear-spectrogram decoder head followed by a fixed-iteration Griffin-Lim."""

    def __init__(self, n_mels=8, n_fft=32, hop=8, n_iter=4, momentum=0.99):
        super().__init__()
        self.n_fft, self.hop, self.n_iter, self.momentum = n_fft, hop, n_iter, momentum
        self.mel_to_lin = nn.Linear(n_mels, n_fft // 2 + 1)
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)

    def _stft(self, wav):
        return torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True)

    def _istft(self, spec, length: int):
        return torch.istft(spec, self.n_fft, self.hop, window=self.window, length=length)

    def forward(self, mel):
        mag = torch.relu(self.mel_to_lin(mel.transpose(1, 2))).transpose(1, 2)
        length = self.hop * (mag.shape[-1] - 1)
        angles = torch.ones_like(mag, dtype=torch.complex64)
        tprev = torch.zeros_like(angles)
        for _ in range(self.n_iter):
            wav = self._istft(mag * angles, length)
            rebuilt = self._stft(wav)
            angles = rebuilt - (self.momentum / (1 + self.momentum)) * tprev
            angles = angles / (angles.abs() + 1e-16)
            tprev = rebuilt
        return self._istft(mag * angles, length)


Model = MelToWave


def inputs():
    torch.manual_seed(4818)
    return [(torch.randn(2, 8, 9),), (torch.randn(1, 8, 14),)]
