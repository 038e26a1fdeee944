# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Mixed-precision attention scores: the projection runs under CPU bf16 autocast and the
    result is cast back to float32 for the softmax."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.qk = nn.Linear(d, 2 * d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with torch.autocast("cpu", dtype=torch.bfloat16):
            q, k = self.qk(x).chunk(2, -1)
            s = q @ k.transpose(-1, -2)
        return s.float().softmax(-1)


def inputs():
    torch.manual_seed(6519)
    return [(torch.randn(2, 4, 8),), (torch.randn(2, 4, 8),)]
