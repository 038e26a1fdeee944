import torch
import torch.nn as nn


def renorm_(v, max_norm):
    n = v.norm()
    if bool(n > max_norm):  # breaks: compile,export,trace
        v = v * (max_norm / n)
    return v


class StyleCode(nn.Module):
    def __init__(self, dim=8, max_norm=3.0):
        super().__init__()
        self.max_norm = max_norm
        self.mapping = nn.Sequential(nn.Linear(dim, dim), nn.LeakyReLU(0.2), nn.Linear(dim, dim))

    def forward(self, z):
        return renorm_(self.mapping(z), self.max_norm)


Model = StyleCode


def inputs():
    torch.manual_seed(9)
    z = torch.randn(2, 8)
    return [(z * 0.01,), (z * 50,)]
