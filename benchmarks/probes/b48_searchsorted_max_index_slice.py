# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BinnedHistogramFeatures(nn.Module):
    def __init__(self, bins: int = 10):
        super().__init__()
        self.register_buffer("edges", torch.linspace(-2.0, 2.0, bins))

    def forward(self, x):
        idx = torch.searchsorted(self.edges, x.contiguous(), right=True)
        used = int(idx.max()) + 1
        onehot = torch.nn.functional.one_hot(idx, num_classes=self.edges.numel() + 1).float()
        return onehot.mean(dim=1)[:, :used]


Model = BinnedHistogramFeatures


def inputs():
    torch.manual_seed(4810)
    return [(torch.randn(2, 20),), (torch.randn(3, 20) * 0.3,)]
