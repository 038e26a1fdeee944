# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SimilarityHead(nn.Module):
    def __init__(self, init_temp: float = 0.1):
        super().__init__()
        self.log_temp = nn.Parameter(torch.tensor(init_temp).log())

    @property
    def temperature(self) -> float:
        return self.log_temp.exp().item()  # breaks: compile

    def forward(self, q: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        return F.normalize(q, dim=-1) @ F.normalize(k, dim=-1).t() / self.temperature


class Model(nn.Module):
    """SimCLR-style projector with a learnable temperature read as a Python float through a
    property."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.proj = nn.Sequential(nn.Linear(d, d), nn.ReLU(), nn.Linear(d, d))
        self.sim = SimilarityHead()

    def forward(self, x1: torch.Tensor, x2: torch.Tensor) -> torch.Tensor:
        return self.sim(self.proj(x1), self.proj(x2))


def inputs():
    torch.manual_seed(6717)
    return [(torch.randn(3, 8), torch.randn(3, 8)), (torch.randn(5, 8), torch.randn(5, 8))]
