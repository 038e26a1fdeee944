# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def record_peak(module, args, output):
    module.last_peak = output.detach().abs().max().item()


class MonitoredMLP(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc1 = nn.Linear(dim, 16)
        self.act = nn.ReLU()
        self.fc2 = nn.Linear(16, dim)
        self.fc1.register_forward_hook(record_peak)

    def forward(self, x):
        return self.fc2(self.act(self.fc1(x)))


Model = MonitoredMLP


def inputs():
    torch.manual_seed(3611)
    return [(torch.randn(2, 8),), (torch.randn(2, 8),), (torch.randn(3, 8),)]
