# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MedianHeuristicKernel(nn.Module):
    """Kernel attention with the median-heuristic bandwidth read back as a Python float."""

    def __init__(self, dim=6):
        super().__init__()
        self.value = nn.Linear(dim, dim)

    def forward(self, x):  # (N, D)
        d = torch.cdist(x, x)
        bandwidth = d.median().item() + 1e-6
        k = torch.exp(-d / bandwidth)
        k = k / k.sum(-1, keepdim=True)
        return k @ self.value(x)


Model = MedianHeuristicKernel


def inputs():
    torch.manual_seed(4011)
    return [(torch.randn(8, 6),), (3.0 * torch.randn(8, 6),), (torch.randn(5, 6),)]
