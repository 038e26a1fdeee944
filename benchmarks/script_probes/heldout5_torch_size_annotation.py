# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn


def unflatten_tokens(x: torch.Tensor, spatial: torch.Size) -> torch.Tensor:
    return x.transpose(1, 2).reshape(x.shape[0], x.shape[2], spatial[0], spatial[1])


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Conv2d(3, 4, 1)
        self.mix = nn.Linear(4, 4)

    def forward(self, img):
        feat = self.proj(img)
        spatial = feat.shape[-2:]
        tokens = self.mix(feat.flatten(2).transpose(1, 2))
        return unflatten_tokens(tokens, spatial)


def inputs():
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 3, 5),)]
