# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Sentence encoder: a GRU over padded batches, packed with the true lengths so the
    final hidden state ignores the padding."""

    def __init__(self, d: int = 8, h: int = 6):
        super().__init__()
        self.rnn = nn.GRU(d, h, batch_first=True)

    def forward(self, x: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        packed = nn.utils.rnn.pack_padded_sequence(x, lengths, batch_first=True, enforce_sorted=False)  # breaks: compile
        _, h = self.rnn(packed)  # breaks: export
        return h[-1]


def inputs():
    torch.manual_seed(6413)
    return [
        (torch.randn(3, 7, 8), torch.tensor([7, 3, 5])),
        (torch.randn(3, 7, 8), torch.tensor([2, 7, 6])),
    ]
