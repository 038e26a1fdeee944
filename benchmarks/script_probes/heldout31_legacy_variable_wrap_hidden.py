# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.autograd import Variable


class CharRNN(nn.Module):
    """Old-style (pre-0.4) char RNN that wraps its initial hidden state in Variable."""

    def __init__(self, vocab: int = 12, hidden: int = 8):
        super().__init__()
        self.hidden = hidden
        self.embed = nn.Embedding(vocab, hidden)
        self.rnn = nn.GRU(hidden, hidden, batch_first=True)
        self.out = nn.Linear(hidden, vocab)

    def forward(self, ids: Tensor) -> Tensor:
        h0 = Variable(torch.zeros(1, ids.shape[0], self.hidden))
        y, _ = self.rnn(self.embed(ids), h0)
        return self.out(y[:, -1])


Model = CharRNN


def inputs():
    torch.manual_seed(3133)
    return [(torch.randint(0, 12, (2, 5)),), (torch.randint(0, 12, (3, 8)),)]
