# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class PrototypeClassifier(nn.Module):
    """Prototypical-network head: logits are negative Euclidean distances to class prototypes."""

    def __init__(self, dim: int = 6, emb: int = 4, classes: int = 3):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(dim, emb), nn.ReLU(), nn.Linear(emb, emb))
        self.prototypes = nn.Parameter(torch.randn(classes, emb))

    def forward(self, x: Tensor) -> Tensor:
        z = self.encoder(x)
        return -torch.cdist(z, self.prototypes, p=2)


Model = PrototypeClassifier


def inputs():
    torch.manual_seed(3643)
    return [(torch.randn(2, 6),), (torch.randn(5, 6),)]
