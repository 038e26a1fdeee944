import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.enc = nn.Sequential(nn.Linear(dim, dim), nn.Tanh())

    def forward(self, x, lengths):
        out = self.enc(x).cumsum(1)
        batch = torch.arange(x.size(0), device=x.device)
        return out[batch, lengths - 1]


def inputs():
    torch.manual_seed(28)
    return [
        (torch.randn(2, 5, 8), torch.tensor([5, 2])),
        (torch.randn(3, 5, 8), torch.tensor([1, 4, 3])),
    ]
