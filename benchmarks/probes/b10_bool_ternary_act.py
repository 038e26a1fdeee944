import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        act = torch.relu if bool(x.mean() > 0) else torch.tanh  # breaks: compile,export,trace
        return act(self.fc(x))


def inputs():
    return [(torch.rand(2, 8) + 0.5,), (-torch.rand(2, 8) - 0.5,)]
