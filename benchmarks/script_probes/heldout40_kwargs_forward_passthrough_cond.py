# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class ConditionedBlock(nn.Module):
    """FiLM-conditioned block that ignores extra keyword arguments from the pipeline."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.film = nn.Linear(dim, 2 * dim)

    def forward(self, x: Tensor, cond: Tensor, **kwargs) -> Tensor:
        gamma, beta = self.film(cond).chunk(2, dim=-1)
        return self.fc(x) * (1 + gamma) + beta


Model = ConditionedBlock


def inputs():
    torch.manual_seed(4011)
    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(3, 8), torch.randn(3, 8))]
