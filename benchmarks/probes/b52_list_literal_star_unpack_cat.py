# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class DenseBlock(nn.Module):
    """DenseNet block: the output concatenates [*new_features, pooled_input] via list star-unpacking."""

    def __init__(self, c_in: int = 4, growth: int = 3, n_layers: int = 3):
        super().__init__()
        self.layers = nn.ModuleList(
            nn.Conv2d(c_in + i * growth, growth, 3, padding=1) for i in range(n_layers)
        )

    def forward(self, x: Tensor) -> Tensor:
        feats = [x]
        for layer in self.layers:
            feats.append(torch.relu(layer(torch.cat(feats, 1))))
        return torch.cat([*feats[1:], x.mean(1, keepdim=True)], 1)


Model = DenseBlock


def inputs():
    torch.manual_seed(5212)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 7),)]
