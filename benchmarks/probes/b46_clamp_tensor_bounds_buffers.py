# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BoundedRegressor(nn.Module):
    """Per-output clamp to physical bounds kept as buffers."""

    def __init__(self, dim=6, outs=3):
        super().__init__()
        self.fc = nn.Linear(dim, outs)
        self.register_buffer("lo", torch.tensor([-1.0, 0.0, -0.5]))
        self.register_buffer("hi", torch.tensor([1.0, 2.0, 0.5]))

    def forward(self, x):
        return torch.clamp(self.fc(x) * 3, min=self.lo, max=self.hi)


Model = BoundedRegressor


def inputs():
    torch.manual_seed(4635)
    return [(torch.randn(2, 6),), (torch.randn(4, 6) * 2,)]
