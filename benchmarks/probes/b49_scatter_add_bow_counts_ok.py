# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BagOfWordsEncoder(nn.Module):
    """Token ids -> per-document term counts with a dense scatter_add."""

    def __init__(self, vocab=12, dim=6):
        super().__init__()
        self.vocab = vocab
        self.proj = nn.Linear(vocab, dim)

    def forward(self, ids):
        counts = torch.zeros(ids.shape[0], self.vocab, dtype=torch.float32, device=ids.device)
        counts.scatter_add_(1, ids, torch.ones_like(ids, dtype=torch.float32))
        return self.proj(torch.log1p(counts))


Model = BagOfWordsEncoder


def inputs():
    torch.manual_seed(4930)
    return [(torch.randint(0, 12, (2, 7)),), (torch.randint(0, 12, (3, 4)),)]
