# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FixedContextPadder(nn.Module):
    """Right-pads token features to a fixed context with x.new_zeros sized from x.size()."""

    def __init__(self, d=5, context=8):
        super().__init__()
        self.context = context
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.size()
        pad = x.new_zeros(b, self.context - t, d)
        return self.proj(torch.cat([x, pad], dim=1))


Model = FixedContextPadder


def inputs():
    torch.manual_seed(4220)
    return [(torch.randn(2, 5, 5),), (torch.randn(2, 3, 5),), (torch.randn(3, 8, 5),)]
