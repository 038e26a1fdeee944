import torch
from torch import nn


class EncoderLayer(nn.Module):
    def __init__(self, dim: int = 8, heads: int = 2):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.norm = nn.LayerNorm(dim)

    def forward(self, x, padding_mask=None):
        if padding_mask is not None and not padding_mask.any():  # breaks: compile,export,trace
            padding_mask = None
        h, _ = self.attn(x, x, x, key_padding_mask=padding_mask, need_weights=False)
        return self.norm(x + h)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([EncoderLayer(), EncoderLayer()])

    def forward(self, x, padding_mask):
        for layer in self.layers:
            x = layer(x, padding_mask)
        return x


def inputs():
    no_pad = torch.zeros(2, 5, dtype=torch.bool)
    pad = no_pad.clone()
    pad[1, 3:] = True
    return [(torch.randn(2, 5, 8), no_pad), (torch.randn(2, 5, 8), pad)]
