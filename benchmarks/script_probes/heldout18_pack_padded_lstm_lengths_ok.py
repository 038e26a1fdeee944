# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class UtteranceEncoder(nn.Module):
    def __init__(self, dim=5, hidden=6):
        super().__init__()
        self.rnn = nn.LSTM(dim, hidden, batch_first=True, bidirectional=True)

    def forward(self, x, lengths):
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=x.shape[1])
        return out


Model = UtteranceEncoder


def inputs():
    torch.manual_seed(209)
    return [
        (torch.randn(3, 4, 5), torch.tensor([4, 2, 3])),
        (torch.randn(2, 6, 5), torch.tensor([1, 6])),
    ]
