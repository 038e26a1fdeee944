import torch
import torch.nn as nn


class IterativeRefiner(nn.Module):
    def __init__(self, dim=8, depth=4, tol=0.05):
        super().__init__()
        self.steps = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.tol = tol

    def forward(self, x):
        for step in self.steps:
            update = torch.tanh(step(x)) * 0.1
            x = x + update
            if update.abs().mean().item() < self.tol:  # breaks: compile,export,trace
                return x
        return x


Model = IterativeRefiner


def inputs():
    torch.manual_seed(16)
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 0.01,), (torch.randn(5, 8) * 10,)]
