# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.attention.bias import causal_lower_right


class ChunkDecoderAttention(nn.Module):
    """NLP: new query chunk attends to cached + new keys with a lower-right causal bias object."""

    def __init__(self):
        super().__init__()
        self.q = nn.Linear(16, 16)
        self.kv = nn.Linear(16, 32)

    def forward(self, x, memory):
        b, lq, _ = x.shape
        q = self.q(x).view(b, lq, 2, 8).transpose(1, 2)
        k, v = self.kv(torch.cat([memory, x], 1)).view(b, -1, 2, 16).transpose(1, 2).chunk(2, dim=-1)
        bias = causal_lower_right(lq, k.shape[-2])
        out = F.scaled_dot_product_attention(q, k, v, attn_mask=bias)
        return out.transpose(1, 2).reshape(b, lq, 16)


Model = ChunkDecoderAttention


def inputs():
    torch.manual_seed(5509)
    return [(torch.randn(2, 3, 16), torch.randn(2, 5, 16)), (torch.randn(1, 4, 16), torch.randn(1, 2, 16))]
