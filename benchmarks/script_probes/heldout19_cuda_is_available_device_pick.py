# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PositionalBias(nn.Module):
    def __init__(self, max_len: int = 32, heads: int = 2):
        super().__init__()
        self.table = nn.Embedding(2 * max_len - 1, heads)
        self.max_len = max_len

    def forward(self, x):
        n = x.shape[1]
        device = "cuda" if torch.cuda.is_available() else "cpu"
        pos = torch.arange(n, device=device)
        rel = pos[None, :] - pos[:, None] + self.max_len - 1
        return x + self.table(rel).permute(2, 0, 1).mean(0)[: x.shape[1], : x.shape[2]]


Model = PositionalBias


def inputs():
    torch.manual_seed(1903)
    return [(torch.randn(2, 5, 5),), (torch.randn(1, 3, 3),)]
