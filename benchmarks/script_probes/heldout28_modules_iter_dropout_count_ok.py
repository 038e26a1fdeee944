# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MCDropoutNet(nn.Module):
    """Scales its output by the number of dropout layers found by walking self.modules()."""

    def __init__(self, dim: int = 5):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.Dropout(0.0), nn.ReLU(), nn.Dropout(0.0))
        self.head = nn.Linear(dim, 1)

    def forward(self, x):
        n_drop = 0
        for m in self.modules():
            if isinstance(m, nn.Dropout):
                n_drop += 1
        return self.head(self.body(x)) * n_drop


Model = MCDropoutNet


def inputs():
    torch.manual_seed(2829)
    return [(torch.randn(3, 5),), (torch.randn(1, 2, 5),)]
