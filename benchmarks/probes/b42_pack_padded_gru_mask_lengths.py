# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class MaskedGRUEncoder(nn.Module):
    """Utterance encoder: padded frames plus a 0/1 padding mask, packed by the mask's lengths."""

    def __init__(self, n_in=6, hidden=8):
        super().__init__()
        self.proj = nn.Linear(n_in, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True, bidirectional=True)
        self.out = nn.Linear(2 * hidden, 4)

    def forward(self, feats, mask):
        lengths = mask.sum(dim=1).long().cpu()
        x = torch.tanh(self.proj(feats))
        packed = pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)
        packed_out, _ = self.rnn(packed)
        y, _ = pad_packed_sequence(packed_out, batch_first=True)
        return self.out(y)


Model = MaskedGRUEncoder


def _mask(lengths, t):
    return (torch.arange(t)[None, :] < torch.tensor(lengths)[:, None]).float()


def inputs():
    torch.manual_seed(4201)
    return [
        (torch.randn(3, 7, 6), _mask([7, 4, 2], 7)),
        (torch.randn(3, 7, 6), _mask([5, 5, 3], 7)),
        (torch.randn(2, 9, 6), _mask([9, 6], 9)),
    ]
