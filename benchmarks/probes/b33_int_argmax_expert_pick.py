import torch
import torch.nn as nn


class HardRouter(nn.Module):
    def __init__(self, dim=8, n_experts=3):
        super().__init__()
        self.router = nn.Linear(dim, n_experts)
        self.experts = nn.ModuleList(
            nn.Sequential(nn.Linear(dim, dim), nn.Tanh()) for _ in range(n_experts)
        )

    def route(self, x):
        votes = self.router(x).mean(dim=0)
        return int(votes.argmax())  # breaks: compile,export,trace

    def forward(self, x):
        expert = self.experts[self.route(x)]
        return expert(x)


Model = HardRouter


def inputs():
    torch.manual_seed(334)
    return [(torch.randn(4, 8),), (torch.randn(4, 8) * 3 + 1,), (torch.randn(2, 8) - 2,)]
