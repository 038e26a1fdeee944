import torch
from torch import nn


@torch.library.custom_op("b26probe::soft_clip", mutates_args=())
def soft_clip(x: torch.Tensor, limit: float) -> torch.Tensor:
    return limit * torch.tanh(x / limit)


class ClippedPolicy(nn.Module):
    def __init__(self, dim=8, limit=2.0):
        super().__init__()
        self.mu = nn.Linear(dim, 2)
        self.limit = limit

    def forward(self, obs):
        return soft_clip(self.mu(obs), self.limit)  # breaks: compile,export


Model = ClippedPolicy


def inputs():
    torch.manual_seed(17)
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 5,)]
