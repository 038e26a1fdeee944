import torch
import torch.nn as nn


class BoundedEmbed(nn.Module):
    def __init__(self, vocab=20, dim=8, max_norm=2.0):
        super().__init__()
        self.table = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)
        self.max_norm = max_norm

    def _shrink(self, h):
        while h.norm(dim=-1).max() > self.max_norm:  # breaks: compile,export,trace
            h = h * 0.5
        return h

    def forward(self, ids, scale):
        h = self.proj(self.table(ids)) * scale
        return self._shrink(h)


Model = BoundedEmbed


def inputs():
    torch.manual_seed(331)
    ids = torch.randint(0, 20, (2, 5))
    return [(ids, torch.tensor(0.1)), (ids, torch.tensor(40.0)), (ids[:1], torch.tensor(3.0))]
