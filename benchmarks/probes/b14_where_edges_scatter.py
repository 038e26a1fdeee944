import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.msg = nn.Linear(dim, dim)
        self.upd = nn.Linear(2 * dim, dim)

    def forward(self, x, adj):
        src, dst = torch.where(adj > 0)  # breaks: compile
        messages = self.msg(x[src])
        agg = torch.zeros_like(x).index_add_(0, dst, messages)
        return self.upd(torch.cat([x, agg], dim=-1))


def inputs():
    a1 = torch.tensor([[0, 1, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1], [0, 0, 1, 0]])
    a2 = torch.tensor([[0, 1, 1, 1], [1, 0, 0, 0], [1, 0, 0, 0], [1, 0, 0, 0]])
    return [(torch.randn(4, 8), a1), (torch.randn(4, 8), a2)]
