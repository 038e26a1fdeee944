# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvNormStack(nn.Module):
    """Layers are stored flat as [conv, norm, conv, norm, ...] and consumed in pairs."""

    def __init__(self, channels=4, depth=3):
        super().__init__()
        layers = []
        for _ in range(depth):
            layers += [nn.Conv1d(channels, channels, 3, padding=1), nn.GroupNorm(2, channels)]
        self.layers = nn.ModuleList(layers)

    def forward(self, x):
        it = iter(self.layers)
        for conv, norm in zip(it, it):
            x = F.silu(norm(conv(x)))
        return x


Model = ConvNormStack


def inputs():
    torch.manual_seed(3816)
    return [(torch.randn(2, 4, 9),), (torch.randn(3, 4, 5),)]
