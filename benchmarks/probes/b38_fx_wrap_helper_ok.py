# ruff: noqa  (a probe is written as users write models)
import torch
import torch.fx
import torch.nn as nn


def _scaled_softmax(scores, scale: float):
    return torch.softmax(scores * scale, dim=-1)


# keep the helper a leaf when the model is symbolically traced (torchvision style)
torch.fx.wrap("_scaled_softmax")


class AttentionPool(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.query = nn.Parameter(torch.randn(dim))
        self.scale = dim ** -0.5

    def forward(self, x):
        scores = x @ self.query
        weights = _scaled_softmax(scores, self.scale)
        return (weights.unsqueeze(-1) * x).sum(dim=1)


Model = AttentionPool


def inputs():
    torch.manual_seed(3820)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 9, 8),)]
