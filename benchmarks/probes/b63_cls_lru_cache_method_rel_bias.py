# ruff: noqa  (a probe is written as users write models)
import functools

import torch
import torch.nn as nn


class Model(nn.Module):
    """Sequence classifier with an ALiBi-like distance bias cached per length."""

    def __init__(self, dim: int = 16, slope: float = 0.25):
        super().__init__()
        self.slope = slope
        self.qk = nn.Linear(dim, 2 * dim)
        self.head = nn.Linear(dim, 3)

    @functools.lru_cache(maxsize=8)
    def distance_bias(self, n: int) -> torch.Tensor:
        pos = torch.arange(n)
        return -self.slope * (pos[None, :] - pos[:, None]).abs().float()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        q, k = self.qk(x).chunk(2, dim=-1)
        att = q @ k.transpose(-1, -2) + self.distance_bias(x.shape[1])  # breaks: script
        return self.head((att.softmax(-1) @ x).mean(1))


def inputs():
    torch.manual_seed(6316)
    return [(torch.randn(2, 6, 16),), (torch.randn(1, 10, 16),)]
