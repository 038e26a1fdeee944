# ruff: noqa  (a probe is written as users write models)
from functools import partial
from typing import Callable, List, Optional

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def stochastic_depth(x: Tensor, p: float, training: bool) -> Tensor:
    if p == 0.0 or not training:
        return x
    survival = 1.0 - p
    noise = x.new_empty([x.shape[0]] + [1] * (x.ndim - 1)).bernoulli_(survival)
    return x * noise.div_(survival)


class LayerNorm2d(nn.LayerNorm):
    def forward(self, x: Tensor) -> Tensor:
        x = x.permute(0, 2, 3, 1)
        x = F.layer_norm(x, self.normalized_shape, self.weight, self.bias, self.eps)
        return x.permute(0, 3, 1, 2)


class CNBlock(nn.Module):
    def __init__(self, dim: int, layer_scale: float, sd_prob: float, norm_layer: Optional[Callable[..., nn.Module]] = None):
        super().__init__()
        norm_layer = norm_layer or partial(nn.LayerNorm, eps=1e-6)
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = norm_layer(dim)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.layer_scale = nn.Parameter(torch.ones(dim, 1, 1) * layer_scale)
        self.sd_prob = sd_prob

    def forward(self, x: Tensor) -> Tensor:
        y = self.dwconv(x).permute(0, 2, 3, 1)
        y = self.pwconv2(self.act(self.pwconv1(self.norm(y)))).permute(0, 3, 1, 2)
        return x + stochastic_depth(self.layer_scale * y, self.sd_prob, self.training)


class ConvNeXtTiny(nn.Module):
    def __init__(self, dims: List[int] = [8, 16], depths: List[int] = [2, 2], num_classes: int = 5, stochastic_depth_prob: float = 0.1):
        super().__init__()
        norm2d = partial(LayerNorm2d, eps=1e-6)
        layers: List[nn.Module] = [nn.Sequential(nn.Conv2d(3, dims[0], 4, 4), norm2d(dims[0]))]
        total, block_id = sum(depths), 0
        for i, (dim, depth) in enumerate(zip(dims, depths)):
            stage = []
            for _ in range(depth):
                stage.append(CNBlock(dim, 1e-6 * 1e5, stochastic_depth_prob * block_id / (total - 1)))
                block_id += 1
            layers.append(nn.Sequential(*stage))
            if i + 1 < len(dims):
                layers.append(nn.Sequential(norm2d(dim), nn.Conv2d(dim, dims[i + 1], 2, 2)))
        self.features = nn.Sequential(*layers)
        self.avgpool = nn.AdaptiveAvgPool2d(1)
        self.classifier = nn.Sequential(norm2d(dims[-1]), nn.Flatten(1), nn.Linear(dims[-1], num_classes))

    def forward(self, x: Tensor) -> Tensor:
        return self.classifier(self.avgpool(self.features(x)))


Model = ConvNeXtTiny


def inputs():
    torch.manual_seed(5029)
    return [
        (torch.randn(1, 3, 32, 32),),
        (torch.randn(2, 3, 24, 40),),
    ]
