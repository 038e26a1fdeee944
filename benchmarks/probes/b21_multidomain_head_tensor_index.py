from typing import Sequence

import torch
from torch import nn, Tensor


class SharedTrunk(nn.Sequential):
    def __init__(self, dims: Sequence[int]):
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.ReLU()]
        super().__init__(*layers)


class Model(nn.Module):
    """One trunk, one classifier per data domain; the batch carries its domain id."""

    def __init__(self, domains: int = 3, dims=(10, 32, 16), classes: int = 5):
        super().__init__()
        self.trunk = SharedTrunk(dims)
        self.heads = nn.ModuleList(nn.Linear(dims[-1], classes) for _ in range(domains))

    def forward(self, x: Tensor, domain: Tensor) -> Tensor:
        feats = self.trunk(x)
        head = self.heads[domain[0]]  # breaks: compile,export,trace
        return head(feats).log_softmax(dim=-1)


def inputs():
    torch.manual_seed(4)
    return [
        (torch.randn(4, 10), torch.tensor([1, 1, 1, 1])),
        (torch.randn(4, 10), torch.tensor([2, 2, 2, 2])),
        (torch.randn(2, 10), torch.tensor([0, 0])),
    ]
