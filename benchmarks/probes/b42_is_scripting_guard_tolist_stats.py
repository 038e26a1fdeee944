# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StatsTappedMLP(nn.Module):
    """Keeps per-feature activation means for a dashboard, skipped only under TorchScript."""

    def __init__(self, d=6, hidden=12):
        super().__init__()
        self.fc1 = nn.Linear(d, hidden)
        self.fc2 = nn.Linear(hidden, d)
        self.last_means = []

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        if not torch.jit.is_scripting():
            self.last_means = h.mean(0).tolist()
        return self.fc2(h)


Model = StatsTappedMLP


def inputs():
    torch.manual_seed(4210)
    return [(torch.randn(4, 6),), (torch.randn(3, 6),), (torch.randn(5, 6) * 2,)]
