# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TopKeeper(nn.Module):
    """Keeps the highest-scoring rows; how many to keep is decided by a Python helper that is
    left out of the compiled graph."""

    def __init__(self, ratio: float = 0.5):
        super().__init__()
        self.ratio = ratio
        self.score = nn.Linear(4, 1)

    @torch.jit.ignore
    def _num_keep(self, scores):
        return max(1, int(scores.numel() * self.ratio))

    def forward(self, x: Tensor) -> Tensor:
        s = self.score(x).squeeze(-1)
        k = self._num_keep(s)
        order = s.argsort(descending=True)
        return x[order[:k]]


Model = TopKeeper


def inputs():
    torch.manual_seed(3316)
    return [(torch.randn(6, 4),), (torch.randn(3, 4),)]
