import torch
import torch.nn.functional as F
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x, lengths):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, -1).permute(2, 0, 3, 1, 4)
        if (lengths == n).all():  # breaks: compile,export,trace
            attn_mask = None
        else:
            attn_mask = torch.arange(n)[None, :] < lengths[:, None]
            attn_mask = attn_mask[:, None, None, :]
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=attn_mask)
        return out.transpose(1, 2).reshape(b, n, d)


def inputs():
    return [
        (torch.randn(2, 5, 8), torch.tensor([5, 5])),
        (torch.randn(2, 5, 8), torch.tensor([5, 3])),
    ]
