# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def apply_gain(x: torch.Tensor, gain_db: torch.Tensor, /, floor_db: float = -60.0) -> torch.Tensor:
    """Scale a signal by a gain in dB (positional-only tensors, keyword tail for options)."""
    g = torch.pow(10.0, gain_db.clamp_min(floor_db) / 20.0)
    return x * g


def fade_edges(x: torch.Tensor, n: int, /) -> torch.Tensor:
    ramp = torch.linspace(0.0, 1.0, n, dtype=x.dtype)
    head = x[..., :n] * ramp
    tail = x[..., -n:] * ramp.flip(0)
    return torch.cat([head, x[..., n:-n], tail], dim=-1)


class Upsampler(nn.Module):
    def __init__(self, c: int, factor: int):
        super().__init__()
        self.conv = nn.ConvTranspose1d(c, c // 2, 2 * factor, factor, padding=factor // 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.leaky_relu(self.conv(x), 0.1)


class Model(nn.Module):
    """Tiny neural vocoder with a learned loudness predictor applied as a dB gain.

    The loudness branch looks at the utterance-average mel frame and predicts a gain in
    [-6, 6] dB; the output is faded in/out over a few samples to avoid clicks when the
    chunks are concatenated by the streaming front-end.
    """

    def __init__(self, n_mels: int = 16, c: int = 32):
        super().__init__()
        self.pre = nn.Conv1d(n_mels, c, 5, padding=2)
        self.up = nn.Sequential(Upsampler(c, 4), Upsampler(c // 2, 4))
        self.post = nn.Conv1d(c // 4, 1, 7, padding=3)
        self.loud = nn.Sequential(nn.Linear(n_mels, 16), nn.Tanh(), nn.Linear(16, 1))

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        wav = torch.tanh(self.post(self.up(self.pre(mel)))).squeeze(1)
        gain_db = 6.0 * self.loud(mel.mean(-1))
        wav = apply_gain(wav, gain_db, floor_db=-24.0)
        return fade_edges(wav, 8)


def inputs():
    torch.manual_seed(6211)
    return [(torch.randn(2, 16, 10),), (torch.randn(3, 16, 17),)]
