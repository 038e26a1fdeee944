import torch
from torch import nn


class Model(nn.Module):
    """Mean-pools variable-length segments given as a packed tensor plus lengths."""

    def __init__(self, dim=6):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, packed, lengths):
        h = self.proj(packed)
        segs = list(h.split(lengths.tolist()))  # breaks: compile,trace
        nt = torch.nested.nested_tensor(segs)  # breaks: compile,export,trace
        return torch.stack([s.mean(0) for s in nt.unbind()])


def inputs():
    torch.manual_seed(23)
    return [
        (torch.randn(7, 6), torch.tensor([3, 4])),
        (torch.randn(9, 6), torch.tensor([2, 3, 4])),
    ]
