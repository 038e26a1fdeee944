import torch
from torch import nn


def add_residual(x, res):
    dtype = torch.result_type(x, res)  # breaks: compile
    return x.to(dtype) + res.to(dtype)


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim).double()

    def forward(self, x):
        h = self.fc(x.double())
        return add_residual(x, h)


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
