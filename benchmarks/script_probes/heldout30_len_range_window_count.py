# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def num_frames(length: int, win: int, hop: int) -> int:
    return len(range(0, length - win + 1, hop))


class FramedEnergy(nn.Module):
    """Audio framing: count the hop windows with len(range(...)), then unfold and project."""

    def __init__(self, win: int = 4, hop: int = 2):
        super().__init__()
        self.win = win
        self.hop = hop
        self.proj = nn.Linear(win, 3)

    def forward(self, wav: Tensor) -> Tensor:
        n = num_frames(wav.shape[-1], self.win, self.hop)
        frames = wav.unfold(-1, self.win, self.hop)[..., :n, :]
        return self.proj(frames).mean(-2) * n


Model = FramedEnergy


def inputs():
    torch.manual_seed(3025)
    return [(torch.randn(2, 16),), (torch.randn(3, 11),)]
