# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.nn.utils.rnn import pack_sequence


class PairSentenceEncoder(nn.Module):
    """Encodes two variable-length sentences with one GRU call via pack_sequence(enforce_sorted=False)."""

    def __init__(self, d: int = 4, hidden: int = 6):
        super().__init__()
        self.gru = nn.GRU(d, hidden, batch_first=True)
        self.out = nn.Linear(2 * hidden, 2)

    def forward(self, a: Tensor, b: Tensor) -> Tensor:
        packed = pack_sequence([a, b], enforce_sorted=False)
        _, h = self.gru(packed)
        return self.out(h[-1].flatten())


Model = PairSentenceEncoder


def inputs():
    torch.manual_seed(5215)
    return [(torch.randn(5, 4), torch.randn(3, 4)), (torch.randn(2, 4), torch.randn(6, 4))]
