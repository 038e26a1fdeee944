import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.cell = nn.Linear(dim, dim)

    def forward(self, x, n_steps):
        for _ in range(n_steps.item()):  # breaks: export,trace
            x = torch.tanh(self.cell(x))
        return x


def inputs():
    return [(torch.randn(2, 8), torch.tensor(2)), (torch.randn(2, 8), torch.tensor(4))]
