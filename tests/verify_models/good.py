"""Converts everywhere and matches eager: a two-layer MLP with a dict-free tuple output."""

import torch
from torch import nn


class MLP(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 4)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        hidden = torch.relu(self.fc1(x))
        return self.fc2(hidden), hidden.mean(dim=1)


def make_model() -> MLP:
    return MLP()


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.randn(2, 8),), (torch.randn(2, 8) * 3,)]


def scale(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """A plain function target."""
    return x * 2 + y


model = MLP()


NAME = "not a model"


def returns_number() -> int:
    """A factory that returns the wrong type."""
    return 42


def make_kwargs_inputs() -> list[dict[str, torch.Tensor]]:
    """Keyword-argument input sets for ``scale``."""
    return [
        {"x": torch.randn(2, 5), "y": torch.randn(2, 5)},
        {"x": torch.randn(2, 5), "y": torch.ones(2, 5)},
    ]
