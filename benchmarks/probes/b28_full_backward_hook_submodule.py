import torch
from torch import nn


def _clip_grad_out(module, grad_input, grad_output):
    return tuple(g.clamp(-1.0, 1.0) if g is not None else None for g in grad_input)


class Block(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.fc.register_full_backward_hook(_clip_grad_out)

    def forward(self, x):
        return torch.relu(self.fc(x)) + x  # breaks: compile,trace


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.blocks = nn.Sequential(Block(dim), Block(dim))

    def forward(self, x):
        return self.blocks(x)


def inputs():
    torch.manual_seed(12)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
