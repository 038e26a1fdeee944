# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ShortClipClassifier(nn.Module):
    """Audio: clips shorter than the conv stack's receptive field are right-padded; the target
    length is torch.sym_max(T, min_len) on Python ints."""

    def __init__(self, min_len: int = 16):
        super().__init__()
        self.min_len = min_len
        self.convs = nn.Sequential(
            nn.Conv1d(4, 8, 5, dilation=1), nn.ReLU(), nn.Conv1d(8, 8, 5, dilation=2), nn.ReLU()
        )
        self.head = nn.Linear(8, 3)

    def forward(self, x):
        t = x.shape[-1]
        target = torch.sym_max(t, self.min_len)
        x = F.pad(x, (0, target - t))
        return self.head(self.convs(x).mean(dim=-1))


Model = ShortClipClassifier


def inputs():
    torch.manual_seed(5726)
    return [(torch.randn(2, 4, 10),), (torch.randn(3, 4, 24),)]
