import torch
import torch.nn as nn


class MultiHeadPool(nn.Module):
    def __init__(self, dim=12, heads=3):
        super().__init__()
        self.heads = heads
        self.score = nn.ModuleList(nn.Linear(dim // heads, 1) for _ in range(heads))

    def forward(self, x):
        chunks = x.chunk(self.heads, dim=-1)
        pooled = []
        for h in range(self.heads):
            w = self.score[h](chunks[h]).softmax(dim=1)
            pooled.append((w * chunks[h]).sum(dim=1))
        return torch.cat(pooled, dim=-1)


Model = MultiHeadPool


def inputs():
    torch.manual_seed(337)
    return [(torch.randn(2, 5, 12),), (torch.randn(4, 7, 12),)]
