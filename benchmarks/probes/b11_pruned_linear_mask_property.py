import torch
import torch.nn.functional as F
from torch import nn


class MagnitudePruned(nn.Module):
    """Keeps a fixed binary mask computed once at construction and applies it on every read."""

    def __init__(self, in_features: int, out_features: int, sparsity: float = 0.5):
        super().__init__()
        self.weight_orig = nn.Parameter(torch.randn(out_features, in_features) * 0.2)
        self.bias = nn.Parameter(torch.zeros(out_features))
        k = int(self.weight_orig.numel() * sparsity)
        threshold = self.weight_orig.detach().abs().flatten().kthvalue(k).values
        self.register_buffer("mask", (self.weight_orig.detach().abs() > threshold).float())

    @property
    def weight(self):
        return self.weight_orig * self.mask

    @property
    def density(self) -> float:
        return self.mask.mean().item()

    def extra_repr(self):
        return f"density={self.density:.2f}"

    def forward(self, x):
        return F.linear(x, self.weight, self.bias)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([MagnitudePruned(8, 8), MagnitudePruned(8, 8, sparsity=0.75)])

    def forward(self, x):
        for layer in self.layers:
            x = torch.tanh(layer(x)) + x
        return x


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
