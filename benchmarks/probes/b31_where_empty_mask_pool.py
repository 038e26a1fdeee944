import torch
from torch import nn


def masked_mean_pool(h, mask):
    w = mask.unsqueeze(-1).to(h.dtype)
    pooled = (h * w).sum(1) / w.sum(1).clamp_min(1.0)
    has_any = mask.any(dim=1, keepdim=True)
    return torch.where(has_any, pooled, torch.zeros_like(pooled))


class SentenceEncoder(nn.Module):
    def __init__(self, vocab=50, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.proj = nn.Linear(dim, dim)

    def forward(self, ids, mask):
        h = torch.tanh(self.proj(self.embed(ids)))
        return masked_mean_pool(h, mask)


Model = SentenceEncoder


def inputs():
    torch.manual_seed(11)
    ids = torch.randint(0, 50, (3, 7))
    mask = torch.rand(3, 7) > 0.3
    return [(ids, mask), (ids.flip(0), torch.zeros(3, 7, dtype=torch.bool))]
