import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cell = nn.GRUCell(dim, dim)

    def forward(self, seq):
        h = seq.new_zeros(seq.size(0), seq.size(2))
        for t in range(seq.size(1)):  # breaks: trace
            h = self.cell(seq[:, t], h)
        return h


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 6, 8),)]
