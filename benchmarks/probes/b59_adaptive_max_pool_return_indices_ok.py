# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Keyframe selector for sensor sequences: adaptive max pooling with return_indices=True
    gives both the pooled features and the time step each came from."""

    def __init__(self, c: int = 6, k: int = 4):
        super().__init__()
        self.conv = nn.Conv1d(3, c, 3, padding=1)
        self.pool = nn.AdaptiveMaxPool1d(k, return_indices=True)
        self.head = nn.Linear(c * k, 2)

    def forward(self, x: torch.Tensor):
        h = self.conv(x).relu()
        pooled, idx = self.pool(h)
        rel_pos = idx.float() / x.shape[-1]
        return self.head(pooled.flatten(1)), rel_pos


def inputs():
    torch.manual_seed(5930)
    return [(torch.randn(2, 3, 20),), (torch.randn(3, 3, 33),)]
