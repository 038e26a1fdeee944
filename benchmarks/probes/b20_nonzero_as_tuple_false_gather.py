import torch
from torch import nn


class ActiveTokenProj(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x, keep):
        idx = torch.nonzero(keep, as_tuple=False)
        picked = x[idx[:, 0], idx[:, 1]]
        return self.proj(picked).sum(dim=0)


Model = ActiveTokenProj


def inputs():
    torch.manual_seed(21)
    return [
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.5),
        (torch.randn(2, 5, 8), torch.rand(2, 5) > 0.8),
        (torch.randn(3, 4, 8), torch.rand(3, 4) > 0.2),
    ]
