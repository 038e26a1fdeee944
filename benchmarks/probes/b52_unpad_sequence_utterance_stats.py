# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.nn.utils.rnn import unpad_sequence


class UtteranceStatsPool(nn.Module):
    """Speaker embedding: frame encoder, then per-utterance mean/std over unpad_sequence pieces."""

    def __init__(self, d: int = 4, hidden: int = 6):
        super().__init__()
        self.frame = nn.Linear(d, hidden)
        self.out = nn.Linear(2 * hidden, 3)

    def forward(self, frames: Tensor, lengths: Tensor) -> Tensor:
        h = torch.relu(self.frame(frames))
        pieces = unpad_sequence(h, lengths, batch_first=True)
        stats = torch.stack([torch.cat([p.mean(0), p.std(0)]) for p in pieces])
        return self.out(stats)


Model = UtteranceStatsPool


def inputs():
    torch.manual_seed(5235)
    return [
        (torch.randn(2, 6, 4), torch.tensor([6, 3])),
        (torch.randn(3, 5, 4), torch.tensor([2, 5, 4])),
    ]
