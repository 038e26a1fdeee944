"""A model torchlint has nothing to say about: pure tensor code in forward."""

import torch
from torch import nn


class TinyMLP(nn.Module):
    def __init__(self, features: int = 8, hidden: int = 32) -> None:
        super().__init__()
        self.fc1 = nn.Linear(features, hidden)
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.fc2(torch.relu(self.fc1(x)))
