# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LayerFeatureConcat(nn.Module):
    """Concatenates the pooled output of every layer, starting from an empty tensor."""

    def __init__(self, dim=6, depth=3):
        super().__init__()
        self.layers = nn.ModuleList(nn.Linear(dim, dim) for _ in range(depth))

    def forward(self, x):
        feats = torch.empty(0)
        for layer in self.layers:
            x = torch.tanh(layer(x))
            feats = torch.cat([feats, x.mean(dim=1)], dim=0)
        return feats


Model = LayerFeatureConcat


def inputs():
    torch.manual_seed(3809)
    return [(torch.randn(2, 4, 6),), (torch.randn(3, 7, 6),)]
