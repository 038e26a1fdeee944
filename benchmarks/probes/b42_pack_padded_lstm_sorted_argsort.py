# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn
import torch.nn.utils.rnn as rnn_utils


class SortedLSTMSentenceEncoder(nn.Module):
    """Classic pre-1.1 recipe: sort the batch by length, pack with enforce_sorted=True, unsort h_n."""

    def __init__(self, vocab=30, emb=8, hidden=10, n_cls=3):
        super().__init__()
        self.embed = nn.Embedding(vocab, emb, padding_idx=0)
        self.lstm = nn.LSTM(emb, hidden, batch_first=True)
        self.cls = nn.Linear(hidden, n_cls)

    def forward(self, tokens, lengths):
        sorted_len, order = lengths.sort(descending=True)
        _, restore = order.sort()
        emb = self.embed(tokens.index_select(0, order))
        packed = rnn_utils.pack_padded_sequence(emb, sorted_len, batch_first=True)
        _, (h_n, _) = self.lstm(packed)
        last = h_n[-1].index_select(0, restore)
        return self.cls(last)


Model = SortedLSTMSentenceEncoder


def inputs():
    torch.manual_seed(4202)
    return [
        (torch.randint(1, 30, (4, 6)), torch.tensor([3, 6, 2, 5])),
        (torch.randint(1, 30, (4, 6)), torch.tensor([6, 1, 4, 4])),
        (torch.randint(1, 30, (3, 8)), torch.tensor([2, 8, 5])),
    ]
