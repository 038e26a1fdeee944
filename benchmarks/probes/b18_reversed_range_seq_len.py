import torch
from torch import nn


class BackwardScan(nn.Module):
    def __init__(self, dim=6, hidden=8):
        super().__init__()
        self.cell = nn.GRUCell(dim, hidden)
        self.hidden = hidden

    def forward(self, x):
        h = x.new_zeros(x.size(0), self.hidden)
        outs = []
        for t in reversed(range(x.size(1))):  # breaks: trace
            h = self.cell(x[:, t], h)
            outs.append(h)
        return torch.stack(outs[::-1], 1)


def inputs():
    torch.manual_seed(25)
    return [(torch.randn(2, 5, 6),), (torch.randn(2, 7, 6),), (torch.randn(3, 4, 6),)]


Model = BackwardScan
