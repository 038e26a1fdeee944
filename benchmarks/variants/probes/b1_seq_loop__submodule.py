import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.cell = nn.GRUCell(4, 4)

    def forward(self, x):
        h = torch.zeros(x.size(0), 4)
        outs = []
        for t in range(x.size(1)):
            h = self.cell(x[:, t], h)
            outs.append(h)
        return torch.stack(outs, dim=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 5, 4),)]
