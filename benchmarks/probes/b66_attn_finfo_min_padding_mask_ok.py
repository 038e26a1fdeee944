# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Single-head attention with a key-padding mask filled with float32's most negative value
    (looked up once, at construction)."""

    def __init__(self, d: int = 4):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)
        self.scale = d ** -0.5
        self.mask_value = torch.finfo(torch.float32).min

    def forward(self, x: torch.Tensor, key_padding: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, dim=-1)
        scores = q @ k.transpose(-1, -2) * self.scale
        scores = scores.masked_fill(key_padding[:, None, :], self.mask_value)
        return scores.softmax(-1) @ v


def inputs():
    torch.manual_seed(6627)
    m1 = torch.tensor([[False, False, True], [False, True, True]])
    m2 = torch.tensor([[False, False, False], [False, False, True]])
    return [(torch.randn(2, 3, 4), m1), (torch.randn(2, 3, 4), m2)]
