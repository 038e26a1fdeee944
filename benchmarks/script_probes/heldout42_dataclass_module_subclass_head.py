# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass
import torch
import torch.nn as nn
from torch import Tensor


@dataclass(eq=False)
class ClassifierHead(nn.Module):
    """Classifier head declared as a dataclass module (fields first, layers built in __post_init__)."""

    dim: int = 8
    classes: int = 3
    dropout: float = 0.0

    def __post_init__(self):
        super().__init__()
        self.fc = nn.Linear(self.dim, self.classes)

    def forward(self, x: Tensor) -> Tensor:
        x = nn.functional.dropout(x, self.dropout, self.training)
        return self.fc(x)


Model = ClassifierHead


def inputs():
    torch.manual_seed(4218)
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
