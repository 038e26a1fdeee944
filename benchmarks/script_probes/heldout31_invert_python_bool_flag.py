# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MaskedMixer(nn.Module):
    """Sequence mixer whose causal flag is negated with `~` as one would on a mask tensor."""

    def __init__(self, dim: int = 4, causal: bool = True):
        super().__init__()
        self.causal = causal
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: Tensor) -> Tensor:
        n = x.shape[1]
        scores = x @ x.transpose(1, 2)
        if ~self.causal:
            return self.proj(scores.softmax(-1) @ x)
        mask = torch.ones(n, n, dtype=torch.bool).triu(1)
        return self.proj(scores.masked_fill(mask, float("-inf")).softmax(-1) @ x)


Model = MaskedMixer


def inputs():
    torch.manual_seed(3111)
    return [(torch.randn(2, 5, 4),), (torch.randn(1, 3, 4),)]
