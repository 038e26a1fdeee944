import torch
import torch.nn as nn


class IterativeRefiner(nn.Module):
    """Refines a prediction a number of times that grows with the input energy."""

    def __init__(self, dim=8, max_steps=4):
        super().__init__()
        self.step = nn.Linear(dim, dim)
        self.max_steps = max_steps

    def forward(self, x):
        energy = x.pow(2).mean().item()
        n_steps = min(self.max_steps, 1 + int(energy * 2))
        h = x
        for _ in range(n_steps):
            h = h + 0.1 * torch.tanh(self.step(h))
        return h


Model = IterativeRefiner


def inputs():
    torch.manual_seed(3403)
    return [(torch.randn(2, 8) * 0.3,), (torch.randn(3, 8) * 1.5,)]
