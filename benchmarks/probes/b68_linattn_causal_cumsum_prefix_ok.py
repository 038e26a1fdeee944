# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def feature_map(x: torch.Tensor) -> torch.Tensor:
    return F.elu(x) + 1.0


class CausalLinearAttention(nn.Module):
    """Autoregressive linear attention: prefix sums of k v^T replace the causal softmax."""

    def __init__(self, dim: int = 12, heads: int = 3, eps: float = 1e-6):
        super().__init__()
        self.heads = heads
        self.head_dim = dim // heads
        self.eps = eps
        self.to_qkv = nn.Linear(dim, 3 * dim, bias=False)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, n, d = x.shape
        qkv = self.to_qkv(x).view(b, n, 3, self.heads, self.head_dim)
        q, k, v = feature_map(qkv[:, :, 0]), feature_map(qkv[:, :, 1]), qkv[:, :, 2]
        kv = torch.cumsum(k.unsqueeze(-1) * v.unsqueeze(-2), dim=1)
        k_sum = torch.cumsum(k, dim=1)
        num = (q.unsqueeze(-1) * kv).sum(-2)
        den = (q * k_sum).sum(-1, keepdim=True) + self.eps
        return self.proj((num / den).reshape(b, n, d))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(20, 12)
        self.attn = CausalLinearAttention()
        self.lm_head = nn.Linear(12, 20)

    def forward(self, ids: torch.Tensor) -> torch.Tensor:
        h = self.embed(ids)
        return self.lm_head(h + self.attn(h))


def inputs():
    torch.manual_seed(6824)
    return [(torch.randint(0, 20, (2, 7)),), (torch.randint(0, 20, (3, 10)),)]
