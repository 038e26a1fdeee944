# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Listwise re-ranker with a learned softmax temperature, read through a property."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.log_temp = nn.Parameter(torch.tensor(0.3))

    @property
    def temperature(self) -> float:
        return self.log_temp.exp().clamp(0.05, 20.0).item()  # breaks: compile

    def forward(self, query: torch.Tensor, docs: torch.Tensor) -> torch.Tensor:
        sims = self.proj(docs) @ query.unsqueeze(-1)
        return (sims.squeeze(-1) / self.temperature).softmax(-1)  # breaks: compile


def inputs():
    torch.manual_seed(7406)
    return [(torch.randn(2, 8), torch.randn(2, 5, 8)), (torch.randn(2, 8), torch.randn(2, 5, 8))]
