import torch
from torch import nn


class Refiner(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.update = nn.Linear(2 * dim, dim)

    def forward(self, feats, num_steps):
        state = torch.zeros_like(feats)
        steps = int(num_steps.item())  # breaks: compile,export,trace
        for _ in range(steps):
            state = state + torch.tanh(self.update(torch.cat([feats, state], dim=-1)))
        return state


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.refiner = Refiner()

    def forward(self, x, num_steps):
        return self.refiner(x, num_steps)


def inputs():
    return [(torch.randn(3, 8), torch.tensor(2)), (torch.randn(3, 8), torch.tensor(4))]
