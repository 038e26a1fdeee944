import torch
from torch import nn


def frame(signal, win, hop):
    b, n = signal.shape
    count = 1 + (n - win) // hop
    sb, sn = signal.stride()
    return signal.as_strided((b, count, win), (sb, hop * sn, sn))  # breaks: trace


class Model(nn.Module):
    def __init__(self, win=8, hop=4, dim=6):
        super().__init__()
        self.win, self.hop = win, hop
        self.proj = nn.Linear(win, dim)

    def forward(self, wav):
        frames = frame(wav, self.win, self.hop)
        return self.proj(frames).relu().mean(1)


def inputs():
    torch.manual_seed(2)
    return [(torch.randn(2, 32),), (torch.randn(3, 40),)]
