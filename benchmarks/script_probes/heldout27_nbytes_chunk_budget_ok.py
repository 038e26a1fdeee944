# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ChunkedAttention(nn.Module):
    """Memory-bounded attention: the query chunk size comes from the tensor's byte size."""

    def __init__(self, dim: int = 8, budget_bytes: int = 256):
        super().__init__()
        self.budget = budget_bytes
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        row_bytes = x.nbytes // (x.shape[0] * x.shape[1])
        chunk = max(1, self.budget // row_bytes)
        outs = []
        for start in range(0, q.shape[1], chunk):
            qc = q[:, start : start + chunk]
            attn = (qc @ k.transpose(-2, -1)).softmax(-1)
            outs.append(attn @ v)
        return torch.cat(outs, dim=1)


Model = ChunkedAttention


def inputs():
    torch.manual_seed(2714)
    return [(torch.randn(2, 10, 8),), (torch.randn(1, 23, 8),)]
