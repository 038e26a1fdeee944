# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class FrozenEmbedder(nn.Module):
    """Frozen text-side embedder used only for retrieval features."""

    def __init__(self, vocab=20, dim=8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)

    @torch.no_grad()
    def forward(self, ids):
        h = self.proj(self.emb(ids).mean(1))
        return F.normalize(h, dim=-1)


Model = FrozenEmbedder


def inputs():
    torch.manual_seed(4622)
    return [(torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (3, 7)),)]
