# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class RotaryEmbedding(nn.Module):
    """Rotary position embedding whose angles are computed in float32 whatever autocast is on."""

    def __init__(self, dim: int = 8, base: float = 10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        self.register_buffer("inv_freq", inv_freq, persistent=False)

    def forward(self, x: Tensor) -> Tensor:
        positions = torch.arange(x.shape[1], device=x.device).float()
        device_type = x.device.type
        with torch.autocast(device_type=device_type, enabled=False):
            freqs = positions[:, None] * self.inv_freq[None, :]
            emb = torch.cat((freqs, freqs), dim=-1)
            cos, sin = emb.cos(), emb.sin()
        x1, x2 = x.chunk(2, dim=-1)
        rotated = torch.cat((-x2, x1), dim=-1)
        return x * cos.to(x.dtype) + rotated * sin.to(x.dtype)


Model = RotaryEmbedding


def inputs():
    torch.manual_seed(4101)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
