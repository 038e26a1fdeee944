import torch
import torch.nn as nn


class HeadwiseGate(nn.Module):
    def __init__(self, dim=12, heads=3):
        super().__init__()
        self.heads = heads
        self.qkv = nn.Linear(dim, dim)
        self.gate = nn.Parameter(torch.linspace(0.5, 1.5, heads))

    def forward(self, x):
        h = self.qkv(x)
        *lead, width = h.shape
        h = h.reshape(*lead, self.heads, width // self.heads)
        h = h * self.gate[:, None]
        return h.flatten(-2)


Model = HeadwiseGate


def inputs():
    torch.manual_seed(28)
    return [(torch.randn(2, 5, 12),), (torch.randn(3, 7, 12) * 2,), (torch.randn(1, 3, 12),)]
