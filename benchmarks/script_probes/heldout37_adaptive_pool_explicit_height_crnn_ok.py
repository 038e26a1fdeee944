# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class CRNNEncoder(nn.Module):
    """Text-recognition encoder: conv features collapsed over width into a sequence over height."""

    def __init__(self, channels: int = 1, hidden: int = 8):
        super().__init__()
        self.cnn = nn.Sequential(nn.Conv2d(channels, hidden, 3, padding=1), nn.ReLU())
        self.out = nn.Linear(hidden, hidden)

    def collapse(self, feats: Tensor) -> Tensor:
        return F.adaptive_avg_pool2d(feats, (feats.shape[-2], 1))

    def forward(self, images: Tensor) -> Tensor:
        feats = self.collapse(self.cnn(images)).squeeze(-1)
        return self.out(feats.transpose(1, 2))


Model = CRNNEncoder


def inputs():
    torch.manual_seed(3721)
    return [(torch.randn(2, 1, 8, 16),), (torch.randn(1, 1, 5, 7),)]
