# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Streaming VAD: waveform cut into fixed hops, the tail hop zero-padded only when the
    length does not divide evenly."""

    def __init__(self, hop: int = 16):
        super().__init__()
        self.hop = hop
        self.score = nn.Sequential(nn.Linear(hop, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        n_hops, rem = divmod(wav.shape[-1], self.hop)  # breaks: compile,trace
        if rem:
            wav = F.pad(wav, (0, self.hop - rem))
            n_hops += 1
        frames = wav.reshape(wav.shape[0], n_hops, self.hop)
        return torch.sigmoid(self.score(frames)).squeeze(-1)


def inputs():
    torch.manual_seed(7302)
    return [(torch.randn(2, 64),), (torch.randn(2, 70),)]
