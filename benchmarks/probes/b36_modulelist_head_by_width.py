# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class WidthRoutedHeads(nn.Module):
    """Picks a head per input resolution bucket (short / medium / long sequences)."""

    def __init__(self, dim=8, buckets=(8, 16, 32)):
        super().__init__()
        self.buckets = buckets
        self.heads = nn.ModuleList(nn.Linear(dim, 4) for _ in buckets)

    def bucket_index(self, length):
        for i, limit in enumerate(self.buckets):
            if length <= limit:
                return i
        return len(self.buckets) - 1

    def forward(self, x):
        # x: (batch, length, dim)
        head = self.heads[self.bucket_index(x.shape[1])]
        return head(x.mean(dim=1))


Model = WidthRoutedHeads


def inputs():
    torch.manual_seed(3609)
    return [(torch.randn(2, 6, 8),), (torch.randn(2, 6, 8),), (torch.randn(2, 20, 8),)]
