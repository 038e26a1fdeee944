# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CountedBlock(nn.Module):
    num_calls = 0

    def __init__(self, dim: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        CountedBlock.num_calls += 1
        return torch.tanh(self.fc(x))


Model = CountedBlock


def inputs():
    torch.manual_seed(2517)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
