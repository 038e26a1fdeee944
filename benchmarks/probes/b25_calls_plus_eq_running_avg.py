import torch
import torch.nn as nn


class RunningAverageHead(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.calls = 0

    def forward(self, x):
        self.calls += 1  # breaks: export,trace
        return self.fc(x) / self.calls


Model = RunningAverageHead


def inputs():
    torch.manual_seed(21)
    return [(torch.randn(3, 8),), (torch.randn(3, 8),), (torch.randn(3, 8),)]
