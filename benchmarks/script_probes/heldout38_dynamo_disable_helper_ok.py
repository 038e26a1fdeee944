# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TopKRouter(nn.Module):
    """Mixture-of-experts router; the top-k selection is kept out of torch.compile graphs."""

    def __init__(self, dim: int = 8, experts: int = 4, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(dim, experts)

    @torch._dynamo.disable
    def select(self, logits: Tensor) -> Tensor:
        vals, idx = logits.topk(self.k, dim=-1)
        return torch.zeros_like(logits).scatter(-1, idx, vals.softmax(-1))

    def forward(self, x: Tensor) -> Tensor:
        return self.select(self.gate(x))


Model = TopKRouter


def inputs():
    torch.manual_seed(3823)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 3, 8),)]
