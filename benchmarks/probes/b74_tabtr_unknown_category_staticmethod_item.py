# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Tabular transformer embedding with an 'unknown' row: ids beyond the training vocabulary
    are remapped, but only when the batch holds any (the common case skips the work)."""

    def __init__(self, vocab: int = 10, d: int = 8):
        super().__init__()
        self.vocab = vocab
        self.emb = nn.Embedding(vocab + 1, d)
        self.head = nn.Linear(d, 1)

    @staticmethod
    def _remap(ids: torch.Tensor, vocab: int) -> torch.Tensor:
        if ids.max().item() >= vocab:  # breaks: compile,export,trace
            ids = torch.where(ids >= vocab, torch.full_like(ids, vocab), ids)
        return ids

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        tok = self.emb(self._remap(ids, self.vocab))
        return self.head(tok.mean(1)).squeeze(-1)


def inputs():
    torch.manual_seed(7409)
    return [(torch.randint(0, 10, (3, 4)),), (torch.randint(0, 15, (3, 4)) + 3,)]
