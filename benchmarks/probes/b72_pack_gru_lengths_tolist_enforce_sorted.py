# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


class Model(nn.Module):
    """Variable-length utterance encoder: pack by true lengths, GRU, unpack, masked mean."""

    def __init__(self, dim: int = 5, hidden: int = 6):
        super().__init__()
        self.rnn = nn.GRU(dim, hidden, batch_first=True)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        packed = pack_padded_sequence(x, lengths.tolist(), batch_first=True, enforce_sorted=False)  # breaks: compile,export,trace,script
        out, _ = self.rnn(packed)
        out, _ = pad_packed_sequence(out, batch_first=True, total_length=x.size(1))
        return out.sum(1) / lengths.unsqueeze(-1).to(out.dtype)


def inputs():
    torch.manual_seed(7228)
    return [(torch.randn(3, 6, 5), torch.tensor([6, 2, 4])), (torch.randn(3, 6, 5), torch.tensor([3, 6, 1]))]
