# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class OffloadedTransformerMLP(nn.Module):
    """Transformer MLP whose saved activations are kept in host memory during training."""

    def __init__(self, dim: int = 8, hidden: int = 32):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)

    def forward(self, x: Tensor) -> Tensor:
        with torch.autograd.graph.save_on_cpu(pin_memory=False):
            h = torch.nn.functional.gelu(self.fc1(self.norm(x)))
            y = self.fc2(h)
        return x + y


Model = OffloadedTransformerMLP


def inputs():
    torch.manual_seed(3812)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
