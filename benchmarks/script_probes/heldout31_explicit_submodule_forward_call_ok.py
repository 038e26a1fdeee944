# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Encoder(nn.Module):
    def __init__(self, dim: int = 6, hidden: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, hidden)

    def forward(self, x: Tensor) -> Tensor:
        return torch.tanh(self.fc(x))


class SiameseScorer(nn.Module):
    """Siamese model that calls the shared encoder's .forward() explicitly (skipping hooks)."""

    def __init__(self):
        super().__init__()
        self.encoder = Encoder()

    def forward(self, a: Tensor, b: Tensor) -> Tensor:
        za = self.encoder.forward(a)
        zb = self.encoder.forward(b)
        return torch.cosine_similarity(za, zb, dim=-1)


Model = SiameseScorer


def inputs():
    torch.manual_seed(3114)
    return [(torch.randn(3, 6), torch.randn(3, 6)), (torch.randn(5, 6), torch.randn(5, 6))]
