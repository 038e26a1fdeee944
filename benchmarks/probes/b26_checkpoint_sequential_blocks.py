import torch
from torch import nn
from torch.utils.checkpoint import checkpoint_sequential


def block(dim):
    return nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.SiLU())


class DeepMLP(nn.Module):
    def __init__(self, dim=8, depth=4, segments=2):
        super().__init__()
        self.blocks = nn.Sequential(*[block(dim) for _ in range(depth)])
        self.segments = segments

    def forward(self, x):
        return checkpoint_sequential(self.blocks, self.segments, x, use_reentrant=False)  # breaks: compile


Model = DeepMLP


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
