import torch
import torch.nn as nn


class DecayingTemperature(nn.Module):
    def __init__(self, dim=8, decay=0.9):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.temp = nn.Parameter(torch.tensor(2.0))
        self.decay = decay

    def forward(self, x):
        self.temp.data.mul_(self.decay)  # breaks: export,trace
        return torch.softmax(self.proj(x) / self.temp, dim=-1)


Model = DecayingTemperature


def inputs():
    torch.manual_seed(25)
    return [(torch.randn(3, 8),), (torch.randn(3, 8),), (torch.randn(3, 8),)]
