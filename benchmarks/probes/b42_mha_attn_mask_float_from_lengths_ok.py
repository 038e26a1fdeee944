# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LengthMaskedAttention(nn.Module):
    """Builds an additive float key-padding mask from lengths with size-based arange."""

    def __init__(self, dim=8, heads=4):
        super().__init__()
        self.attn = nn.MultiheadAttention(dim, heads, batch_first=True)

    def forward(self, x, lengths):
        b, t, _ = x.shape
        pos = torch.arange(t, device=x.device).unsqueeze(0)
        pad = pos >= lengths.unsqueeze(1)
        float_mask = x.new_zeros(b, t).masked_fill(pad, float("-inf"))
        out, _ = self.attn(x, x, x, key_padding_mask=float_mask, need_weights=False)
        return out


Model = LengthMaskedAttention


def inputs():
    torch.manual_seed(4207)
    return [
        (torch.randn(2, 5, 8), torch.tensor([5, 3])),
        (torch.randn(2, 5, 8), torch.tensor([2, 4])),
        (torch.randn(3, 6, 8), torch.tensor([6, 1, 3])),
    ]
