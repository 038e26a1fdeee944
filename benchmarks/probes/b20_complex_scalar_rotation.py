import torch
from torch import nn


class PhaseRotate(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.inp = nn.Linear(dim, dim)
        self.theta = nn.Parameter(torch.tensor(0.3))

    def forward(self, x):
        h = self.inp(x)
        re, im = h.chunk(2, dim=-1)
        w = complex(torch.cos(self.theta), torch.sin(self.theta))  # breaks: compile,export
        z = torch.complex(re, im) * w
        return torch.cat([z.real, z.imag], dim=-1)


Model = PhaseRotate


def inputs():
    torch.manual_seed(5)
    return [(torch.randn(2, 8),), (torch.randn(5, 8) * 0.5,)]
