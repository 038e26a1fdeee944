# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Style encoder that ranks reference segments by energy and averages the loudest two."""

    def __init__(self, n_mels: int = 16, dim: int = 24, n_seg: int = 4):
        super().__init__()
        self.n_seg = n_seg
        self.enc = nn.GRU(n_mels, dim, batch_first=True)

    def forward(self, mel: torch.Tensor) -> torch.Tensor:
        segments = list(mel.chunk(self.n_seg, dim=1))
        ranked = sorted(segments, key=lambda s: s.pow(2).mean().item(), reverse=True)  # breaks: compile,export,trace,script
        loud = torch.cat(ranked[:2], dim=1)
        _, h = self.enc(loud)
        return h[-1]


def inputs():
    torch.manual_seed(6303)
    a = torch.randn(2, 16, 16)
    a[:, :4] *= 5
    b = torch.randn(1, 20, 16)
    b[:, 15:] *= 5
    return [(a,), (b,)]
