# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Seq2seq decoder input: labels shifted right with a start token, via a staticmethod helper."""

    def __init__(self, vocab: int = 40, dim: int = 16, start_id: int = 1):
        super().__init__()
        self.start_id = start_id
        self.emb = nn.Embedding(vocab, dim)

    @staticmethod
    def shift_right(ids: torch.Tensor, start_id: int) -> torch.Tensor:
        shifted = ids.new_full(ids.shape, start_id)
        shifted[:, 1:] = ids[:, :-1]
        return shifted

    def forward(self, labels: torch.Tensor) -> torch.Tensor:
        return self.emb(self.shift_right(labels, self.start_id))


def inputs():
    torch.manual_seed(6327)
    return [(torch.randint(0, 40, (2, 6)),), (torch.randint(0, 40, (3, 9)),)]
