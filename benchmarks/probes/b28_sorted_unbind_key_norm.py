import torch
import torch.nn as nn


class SlotSorter(nn.Module):
    """Orders object slots by their energy before decoding."""

    def __init__(self, dim=16):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def order(self, slots):
        return sorted(slots.unbind(1), key=lambda s: s.norm(), reverse=True)  # breaks: compile,export,trace

    def forward(self, slots):
        h = self.proj(slots)
        ordered = self.order(h)
        return torch.stack(ordered, dim=1)


Model = SlotSorter


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 4, 16),), (torch.randn(3, 4, 16) * 2,)]
