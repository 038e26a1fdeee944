# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ArgmaxPoolEncoder(nn.Module):
    """Keeps the pooling switches so a decoder can place values back later."""

    def __init__(self, in_ch=3, ch=6):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(in_ch, ch, 3, padding=1), nn.BatchNorm2d(ch), nn.ReLU())
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2, return_indices=True)

    def forward(self, x):
        feats = self.enc(x)
        pooled, switches = self.pool(feats)
        flat = torch.zeros_like(feats).flatten(2)
        flat = flat.scatter(2, switches.flatten(2), pooled.flatten(2))
        return flat.view_as(feats), switches


Model = ArgmaxPoolEncoder


def inputs():
    torch.manual_seed(225)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
