# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class InferenceAttentionPool(nn.Module):
    """Inference-only encoder: no_grad forward, need_weights=False, padded keys masked."""

    def __init__(self, dim=8, heads=2):
        super().__init__()
        self.mha = nn.MultiheadAttention(dim, heads, batch_first=True)
        self.out = nn.Linear(dim, 4)

    @torch.no_grad()
    def forward(self, x, key_padding_mask):
        y, _ = self.mha(x, x, x, key_padding_mask=key_padding_mask, need_weights=False)
        return self.out(y)


Model = InferenceAttentionPool


def inputs():
    torch.manual_seed(4206)
    m1 = torch.tensor([[False] * 6, [False] * 4 + [True] * 2])
    m2 = torch.tensor([[False] * 2 + [True] * 4, [False] * 5 + [True]])
    m3 = torch.tensor([[False] * 4, [False, True, True, True], [False] * 3 + [True]])
    return [(torch.randn(2, 6, 8), m1), (torch.randn(2, 6, 8), m2), (torch.randn(3, 4, 8), m3)]
