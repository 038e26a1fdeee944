# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor
from typing import Dict


class FeatureNormalizer(nn.Module):
    def __init__(self, eps: float = 1e-6):
        super().__init__()
        self.eps = eps

    def forward(self, feats: Dict[str, Tensor]) -> Dict[str, Tensor]:
        return {k: v / (torch.linalg.vector_norm(v, dim=-1, keepdim=True) + self.eps) for k, v in feats.items()}


Model = FeatureNormalizer


def inputs():
    torch.manual_seed(2126)
    return [
        ({"p3": torch.randn(2, 4), "p4": torch.randn(2, 6)},),
        ({"p3": torch.randn(1, 3, 4)},),
    ]
