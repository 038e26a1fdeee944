# ruff: noqa  (a probe is written as users write models)
from typing import Dict
import torch
import torch.nn as nn
from torch import Tensor


class FeatureConcat(nn.Module):
    """Concatenates named features in a deterministic (sorted-name) order before the classifier."""

    def __init__(self, dim: int = 4, n: int = 3):
        super().__init__()
        self.fc = nn.Linear(dim * n, 2)

    def forward(self, feats: Dict[str, Tensor]) -> Tensor:
        ordered = [feats[k] for k in sorted(feats)]
        return self.fc(torch.cat(ordered, dim=-1))


Model = FeatureConcat


def inputs():
    torch.manual_seed(4211)
    return [
        (
            {
                "rgb": torch.randn(2, 4),
                "depth": torch.randn(2, 4),
                "flow": torch.randn(2, 4),
            },
        ),
        (
            {
                "flow": torch.randn(1, 4),
                "rgb": torch.randn(1, 4),
                "depth": torch.randn(1, 4),
            },
        ),
    ]
