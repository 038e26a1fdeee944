# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Frontend(nn.Module):
    def __init__(self, n_fft: int = 32, hop: int = 8):
        super().__init__()
        self.n_fft = n_fft
        self.hop = hop
        self.register_buffer("window", torch.hann_window(n_fft), persistent=False)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        spec = torch.stft(
            wav, self.n_fft, self.hop, window=self.window, center=True, return_complex=True
        )
        return spec.abs().clamp_min(1e-5).log()


class Model(nn.Module):
    """Audio classifier with an STFT log-magnitude front-end."""

    def __init__(self):
        super().__init__()
        self.front = Frontend()
        self.head = nn.Linear(17, 2)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        return self.head(self.front(wav).mean(-1))


def inputs():
    torch.manual_seed(6510)
    return [(torch.randn(2, 128),), (torch.randn(2, 128),)]
