# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class GRUCellEncoder(nn.Module):
    def __init__(self, in_dim=6, hidden=12):
        super().__init__()
        self.hidden = hidden
        self.cell = nn.GRUCell(in_dim, hidden)
        self.out = nn.Linear(hidden, 4)

    def forward(self, x):
        # legacy constructor: a tensor of the input's type, then zeroed in place
        h0 = x.new(x.size(0), self.hidden).zero_()
        h = self.cell(x.amax(dim=1), h0)
        return self.out(h)


Model = GRUCellEncoder


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(2, 5, 6),), (torch.randn(3, 9, 6),)]
