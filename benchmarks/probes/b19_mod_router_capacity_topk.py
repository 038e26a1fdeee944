import torch
from torch import nn


class Block(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.ln = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 2 * d), nn.GELU(), nn.Linear(2 * d, d))

    def forward(self, x):
        return self.mlp(self.ln(x))


class MoDBlock(nn.Module):
    """Mixture-of-depths: only the top fraction of tokens goes through the block."""

    def __init__(self, d=16, capacity=0.5):
        super().__init__()
        self.router = nn.Linear(d, 1)
        self.block = Block(d)
        self.capacity = capacity

    def forward(self, x):
        B, T, D = x.shape
        k = max(1, int(T * self.capacity))  # breaks: trace
        logits = self.router(x).squeeze(-1)
        w, idx = logits.topk(k, dim=1, sorted=False)
        idx, order = idx.sort(dim=1)
        w = w.gather(1, order)
        sel = x.gather(1, idx.unsqueeze(-1).expand(-1, -1, D))
        upd = sel + self.block(sel) * torch.sigmoid(w).unsqueeze(-1)
        return x.scatter(1, idx.unsqueeze(-1).expand(-1, -1, D), upd)


Model = MoDBlock


def inputs():
    torch.manual_seed(3)
    return [(torch.randn(2, 8, 16),), (torch.randn(2, 12, 16),), (torch.randn(3, 8, 16) * 2,)]
