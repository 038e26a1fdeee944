# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MemoryPad(nn.Module):
    def __init__(self, dim=6, slots=2):
        super().__init__()
        self.slots = slots
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        b, n, c = x.size()
        pad = x.new(b, self.slots, c).zero_()
        return self.proj(torch.cat([pad, x], dim=1))


Model = MemoryPad


def inputs():
    torch.manual_seed(189)
    return [(torch.randn(2, 3, 6),), (torch.randn(1, 5, 6),)]
