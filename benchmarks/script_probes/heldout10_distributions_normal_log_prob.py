# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from torch.distributions import Normal


class GaussianHead(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.mu = nn.Linear(dim, 1)
        self.log_sigma = nn.Linear(dim, 1)

    def forward(self, x: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        dist = Normal(self.mu(x), self.log_sigma(x).exp())
        return -dist.log_prob(target).mean()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = GaussianHead()

    def forward(self, x, target):
        return self.head(x, target)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4), torch.randn(3, 1)), (torch.randn(5, 4), torch.randn(5, 1))]
