# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Reranker(nn.Module):
    """Keeps its hyper-parameters in a nested Defaults class read from forward."""

    class Defaults:
        temperature = 0.5
        top = 2

    def __init__(self, dim: int = 6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        logits = self.proj(x) / self.Defaults.temperature
        return logits.topk(self.Defaults.top, dim=-1)[0]


Model = Reranker


def inputs():
    torch.manual_seed(2812)
    return [(torch.randn(3, 6),), (torch.randn(2, 4, 6),)]
