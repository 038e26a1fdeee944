# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


@torch.compiler.disable
def topk_mask(scores: torch.Tensor, k: int) -> torch.Tensor:
    idx = scores.topk(k, dim=-1).indices
    return torch.zeros_like(scores).scatter(-1, idx, 1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.gate = nn.Linear(8, 4)

    def forward(self, x):
        s = self.gate(x)
        return s * topk_mask(s, 2)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
