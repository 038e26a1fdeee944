# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F

_TORCH_MAJOR = int(torch.__version__.split(".")[0])


class CompatAttention(nn.Module):
    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        if _TORCH_MAJOR >= 2:
            out = F.scaled_dot_product_attention(q, k, v)
        else:
            attn = (q @ k.transpose(-2, -1) * (d // self.heads) ** -0.5).softmax(-1)
            out = attn @ v
        return out.transpose(1, 2).reshape(b, n, d)


Model = CompatAttention


def inputs():
    torch.manual_seed(3625)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 5, 8),), (torch.randn(1, 7, 8),)]
