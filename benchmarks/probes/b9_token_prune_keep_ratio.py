import torch
from torch import nn


class TokenPruner(nn.Module):
    """Keeps the patch tokens the class token attends to most (EViT-style)."""

    def __init__(self, keep_ratio: float = 0.5):
        super().__init__()
        self.keep_ratio = keep_ratio

    def forward(self, x, cls_attn):
        n = x.shape[1] - 1
        num_keep = max(1, int(n * self.keep_ratio))  # breaks: trace
        idx = cls_attn.topk(num_keep, dim=-1).indices
        kept = torch.gather(x[:, 1:], 1, idx[..., None].expand(-1, -1, x.shape[-1]))
        return torch.cat([x[:, :1], kept], dim=1)


class Block(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.pruner = TokenPruner()

    def forward(self, x):
        h = self.norm(x)
        out, weights = self.attn(h, h, h, need_weights=True)
        x = x + out
        return self.pruner(x, weights[:, 0, 1:])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block())
        self.head = nn.Linear(8, 4)

    def forward(self, tokens):
        return self.head(self.blocks(tokens)[:, 0])


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 9, 8),), (torch.randn(2, 17, 8),)]
