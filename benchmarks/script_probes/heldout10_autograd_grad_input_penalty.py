# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


class Critic(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 8), nn.Tanh(), nn.Linear(8, 1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.detach().requires_grad_(True)
        score = self.net(x).sum()
        grads = torch.autograd.grad([score], [x], create_graph=True)
        return (grads[0].norm(dim=1) - 1.0).pow(2).mean()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.critic = Critic()

    def forward(self, x):
        return self.critic(x)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(3, 4),), (torch.randn(5, 4),)]
