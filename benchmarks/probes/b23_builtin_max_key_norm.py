import torch
import torch.nn as nn


class BranchSelect(nn.Module):
    def __init__(self, dim=8, branches=3):
        super().__init__()
        self.branches = nn.ModuleList(
            [nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(branches)]
        )

    def forward(self, x):
        outs = [branch(x) for branch in self.branches]
        strongest = max(outs, key=lambda t: t.norm())  # breaks: compile,export,trace
        return strongest + x


Model = BranchSelect


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 3 - 2,), (torch.randn(4, 8) + 5,)]
