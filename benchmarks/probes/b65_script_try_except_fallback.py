# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Attention that tries the fused SDPA kernel and falls back to the explicit formula."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.qkv = nn.Linear(d, 3 * d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k, v = self.qkv(x).chunk(3, -1)
        try:  # breaks: script
            return F.scaled_dot_product_attention(q, k, v)
        except RuntimeError:
            w = (q @ k.transpose(-1, -2) / q.shape[-1] ** 0.5).softmax(-1)
            return w @ v


def inputs():
    torch.manual_seed(6523)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 6, 8),)]
