# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class PackedBiLSTM(nn.Module):
    """Bidirectional LSTM over padded batches: packs by length so padding never enters the
    recurrence, then pads back."""

    def __init__(self, dim: int = 4, hidden: int = 5):
        super().__init__()
        self.lstm = nn.LSTM(dim, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, 3)

    def forward(self, x: Tensor, lengths: Tensor) -> Tensor:
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        out, _ = self.lstm(packed)
        padded, _ = pad_packed_sequence(out, batch_first=True, total_length=x.size(1))
        return self.out(padded)


Model = PackedBiLSTM


def inputs():
    torch.manual_seed(3323)
    return [
        (torch.randn(3, 5, 4), torch.tensor([5, 2, 3])),
        (torch.randn(2, 4, 4), torch.tensor([1, 4])),
    ]
