import torch
from torch import nn
import torch.nn.functional as F


class HeadRegistry:
    def __init__(self, heads):
        self._heads = dict(enumerate(heads))

    def items(self):
        return self._heads.items()


class Model(nn.Module):
    def __init__(self, dim=12, domains=3):
        super().__init__()
        self.router = nn.Linear(dim, domains)
        self.heads = nn.ModuleList(nn.Linear(dim, 4) for _ in range(domains))
        self.registry = HeadRegistry(list(self.heads))

    def forward(self, x):
        votes = F.softmax(self.router(x), dim=-1)
        outs = {k: head(x) for k, head in self.registry.items()}
        return sum(votes[:, k, None] * out for k, out in outs.items())


def inputs():
    torch.manual_seed(1)
    return [(torch.randn(5, 12),), (torch.randn(2, 12) - 1.5,), (torch.randn(4, 12) + 3.0,)]
