# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChunkedAttentionPool(nn.Module):
    """Scores fixed-size chunks of a long sequence one at a time to bound memory."""

    def __init__(self, dim=8, chunk=4):
        super().__init__()
        self.chunk = chunk
        self.score = nn.Linear(dim, 1)

    def forward(self, x):
        pooled = []
        start = 0
        while start < x.size(1):
            piece = x[:, start:start + self.chunk]
            w = self.score(piece).softmax(dim=1)
            pooled.append((w * piece).sum(1))
            start += self.chunk
        return torch.stack(pooled, 1).mean(1)


Model = ChunkedAttentionPool


def inputs():
    torch.manual_seed(3610)
    return [(torch.randn(2, 8, 8),), (torch.randn(2, 8, 8),), (torch.randn(2, 13, 8),)]
