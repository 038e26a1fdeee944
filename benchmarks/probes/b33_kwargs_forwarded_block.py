import torch
import torch.nn as nn
import torch.nn.functional as F


class Attn(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.qkv = nn.Linear(dim, 3 * dim)

    def forward(self, x, key_padding_mask=None, scale=None):
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        mask = None if key_padding_mask is None else ~key_padding_mask[:, None, :]
        return F.scaled_dot_product_attention(q, k, v, attn_mask=mask, scale=scale)


class Wrapper(nn.Module):
    def __init__(self):
        super().__init__()
        self.attn = Attn()
        self.norm = nn.LayerNorm(8)

    def forward(self, x, *args, **kwargs):
        return self.norm(x + self.attn(x, *args, **kwargs))


Model = Wrapper


def inputs():
    torch.manual_seed(343)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 5, 8),)]
