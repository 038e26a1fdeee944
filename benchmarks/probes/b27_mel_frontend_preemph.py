import math
import torch
from torch import nn


def hz_to_mel(f):
    return 2595.0 * math.log10(1.0 + f / 700.0)


def mel_filterbank(n_fft: int, n_mels: int, sr: int, fmin: float = 0.0, fmax=None) -> torch.Tensor:
    fmax = fmax or sr / 2
    mels = torch.linspace(hz_to_mel(fmin), hz_to_mel(fmax), n_mels + 2)
    hz = 700.0 * (10 ** (mels / 2595.0) - 1.0)
    bins = torch.linspace(0, sr / 2, n_fft // 2 + 1)
    lower, center, upper = hz[:-2, None], hz[1:-1, None], hz[2:, None]
    up = (bins - lower) / (center - lower)
    down = (upper - bins) / (upper - center)
    return torch.clamp(torch.minimum(up, down), min=0.0)


class LogMelFrontend(nn.Module):
    def __init__(self, sr=16000, n_fft=400, hop=160, n_mels=40, preemph=0.97, normalize=True):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.preemph, self.normalize = preemph, normalize
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)
        self.register_buffer("fb", mel_filterbank(n_fft, n_mels, sr), persistent=False)

    def _preemphasis(self, wav):
        if self.preemph <= 0:
            return wav
        return torch.cat([wav[:, :1], wav[:, 1:] - self.preemph * wav[:, :-1]], dim=1)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        wav = self._preemphasis(wav)
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window,
                          center=True, return_complex=True)
        power = spec.real.pow(2) + spec.imag.pow(2)
        mel = torch.matmul(self.fb, power).clamp_min(1e-10).log()
        if self.normalize:
            mel = (mel - mel.mean(-1, keepdim=True)) / (mel.std(-1, keepdim=True) + 1e-5)
        return mel


Model = LogMelFrontend


def inputs():
    torch.manual_seed(270)
    return [
        (torch.randn(2, 8000),),
        (torch.randn(3, 6400) * 0.3,),
    ]
