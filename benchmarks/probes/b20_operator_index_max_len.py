import operator
import torch
from torch import nn


class LengthTrim(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.enc = nn.Linear(dim, dim)

    def forward(self, x, lengths):
        h = self.enc(x)
        max_len = operator.index(lengths.max())  # breaks: compile,export,trace
        return h[:, :max_len].mean(dim=1)


Model = LengthTrim


def inputs():
    torch.manual_seed(6)
    return [
        (torch.randn(2, 10, 6), torch.tensor([4, 7])),
        (torch.randn(3, 10, 6), torch.tensor([9, 2, 5])),
    ]
