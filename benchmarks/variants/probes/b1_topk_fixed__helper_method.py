import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, k: int = 2):
        super().__init__()
        self.k = k
        self.gate = nn.Linear(6, 4)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
        logits = self.gate(x)
        vals, idx = logits.topk(self.k, dim=-1)
        weights = vals.softmax(-1)
        return (weights.unsqueeze(-1) * idx.unsqueeze(-1).float()).sum(1)


def inputs():
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
