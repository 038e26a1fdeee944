# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokenDedup(nn.Module):
    """Embeds each distinct token once, then scatters the result back."""

    def __init__(self, vocab: int = 16, dim: int = 6, dedup: bool = True):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.dedup = dedup

    def forward(self, tokens):
        flat = tokens.flatten()
        uniq, inverse = torch.unique(flat, sorted=True, return_inverse=self.dedup)
        emb = self.embed(uniq)
        return emb[inverse].view(tokens.shape[0], tokens.shape[1], -1)


Model = TokenDedup


def inputs():
    torch.manual_seed(2325)
    return [(torch.randint(0, 16, (2, 5)),), (torch.randint(0, 16, (3, 4)),)]
