# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence


class TrimAndRepad(nn.Module):
    """Drops padding per sample and re-pads to the longest real length in the batch."""

    def __init__(self, dim=6):
        super().__init__()
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU())

    def forward(self, x, lengths):
        seqs = [x[i, :n] for i, n in enumerate(lengths.tolist())]
        seqs = [self.ff(s) for s in seqs]
        return pad_sequence(seqs, batch_first=True)


Model = TrimAndRepad


def inputs():
    torch.manual_seed(4204)
    return [
        (torch.randn(3, 7, 6), torch.tensor([5, 3, 2])),
        (torch.randn(3, 7, 6), torch.tensor([7, 1, 4])),
        (torch.randn(2, 5, 6), torch.tensor([2, 4])),
    ]
