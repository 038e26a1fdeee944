import torch
import torch.nn as nn


class SegmentMeanPool(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, lengths):
        h = self.proj(x)
        sizes = torch.Tensor.tolist(lengths)  # breaks: compile,export,trace
        pieces = torch.split(h, sizes, dim=0)
        return torch.stack([p.mean(0) for p in pieces])


Model = SegmentMeanPool


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(10, 16), torch.tensor([3, 3, 4])),
        (torch.randn(10, 16), torch.tensor([1, 5, 4])),
        (torch.randn(12, 16), torch.tensor([6, 2, 4])),
    ]
