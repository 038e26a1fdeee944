# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SelfAttention(nn.Module):
    """Attention block that stashes diagnostics on itself for a logging callback."""

    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)
        self.attn_entropy = torch.zeros(())

    def _stash(self, name: str, value: Tensor) -> None:
        setattr(self, name, value.detach())

    def forward(self, x: Tensor) -> Tensor:
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        attn = (q @ k.transpose(-2, -1) * (d // self.heads) ** -0.5).softmax(-1)
        self._stash("attn_entropy", -(attn * attn.clamp_min(1e-9).log()).sum(-1).mean())
        out = (attn @ v).transpose(1, 2).reshape(b, n, d)
        return self.proj(out)


Model = SelfAttention


def inputs():
    torch.manual_seed(3101)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
