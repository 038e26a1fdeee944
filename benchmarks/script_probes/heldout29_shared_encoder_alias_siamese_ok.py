# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class SiameseMatcher(nn.Module):
    """Siamese net: query and key encoders are one module instance stored under two names."""

    def __init__(self, dim: int = 6, hidden: int = 8):
        super().__init__()
        encoder = nn.Sequential(nn.Linear(dim, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.query_encoder = encoder
        self.key_encoder = encoder
        self.temperature = 0.1

    def forward(self, a: Tensor, b: Tensor) -> Tensor:
        qa = F.normalize(self.query_encoder(a), dim=-1)
        kb = F.normalize(self.key_encoder(b), dim=-1)
        return qa @ kb.t() / self.temperature


Model = SiameseMatcher


def inputs():
    torch.manual_seed(2918)
    return [(torch.randn(3, 6), torch.randn(4, 6)), (torch.randn(2, 6), torch.randn(2, 6))]
