import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8, hidden: int = 12):
        super().__init__()
        self.hidden = hidden
        self.cell = nn.LSTMCell(dim, hidden)
        self.out = nn.Linear(hidden, dim)

    def forward(self, x):
        h = x.new_zeros(x.size(0), self.hidden)
        c = x.new_zeros(x.size(0), self.hidden)
        outputs = []
        for t in range(x.size(1)):  # breaks: trace
            h, c = self.cell(x[:, t], (h, c))
            outputs.append(self.out(h))
        return torch.stack(outputs, dim=1)


def inputs():
    return [(torch.randn(2, 3, 8),), (torch.randn(2, 5, 8),)]
