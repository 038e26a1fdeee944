# ruff: noqa  (a probe is written as users write models)
import math
from dataclasses import dataclass, field
from itertools import product
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


@dataclass
class PriorCfg:
    feature_maps: Tuple[int, ...] = (8, 4)
    image_size: int = 64
    steps: Tuple[int, ...] = (8, 16)
    min_sizes: Tuple[float, ...] = (12.0, 28.0)
    max_sizes: Tuple[float, ...] = (28.0, 48.0)
    aspect_ratios: Tuple[Tuple[int, ...], ...] = ((2,), (2, 3))
    clip: bool = True


def build_priors(cfg: PriorCfg) -> Tensor:
    mean: List[float] = []
    for k, f in enumerate(cfg.feature_maps):
        for i, j in product(range(f), repeat=2):
            f_k = cfg.image_size / cfg.steps[k]
            cx, cy = (j + 0.5) / f_k, (i + 0.5) / f_k
            s_k = cfg.min_sizes[k] / cfg.image_size
            mean += [cx, cy, s_k, s_k]
            s_k_prime = math.sqrt(s_k * (cfg.max_sizes[k] / cfg.image_size))
            mean += [cx, cy, s_k_prime, s_k_prime]
            for ar in cfg.aspect_ratios[k]:
                mean += [cx, cy, s_k * math.sqrt(ar), s_k / math.sqrt(ar)]
                mean += [cx, cy, s_k / math.sqrt(ar), s_k * math.sqrt(ar)]
    out = torch.tensor(mean).view(-1, 4)
    if cfg.clip:
        out.clamp_(max=1, min=0)
    return out


class SSDHead(nn.Module):
    def __init__(self, cfg: PriorCfg = PriorCfg(), in_channels=(16, 32), num_classes: int = 5):
        super().__init__()
        self.num_classes = num_classes
        anchors_per_loc = [2 + 2 * len(a) for a in cfg.aspect_ratios]
        self.heads = nn.ModuleList(
            nn.Conv2d(c, a * (4 + num_classes), 3, padding=1) for c, a in zip(in_channels, anchors_per_loc)
        )
        self.register_buffer("priors", build_priors(cfg), persistent=False)
        self.variances = (0.1, 0.2)

    def decode(self, loc: Tensor) -> Tensor:
        p = self.priors.unsqueeze(0)
        centers = p[..., :2] + loc[..., :2] * self.variances[0] * p[..., 2:]
        sizes = p[..., 2:] * torch.exp(loc[..., 2:] * self.variances[1])
        return torch.cat([centers - sizes / 2, centers + sizes / 2], dim=-1)

    def forward(self, feats: List[Tensor]):
        locs, confs = [], []
        n = feats[0].shape[0]
        for i, head in enumerate(self.heads):
            out = head(feats[i]).permute(0, 2, 3, 1).reshape(n, -1, 4 + self.num_classes)
            locs.append(out[..., :4].flatten(1))
            confs.append(out[..., 4:].flatten(1))
        loc = torch.cat(locs, 1).view(n, -1, 4)
        conf = torch.cat(confs, 1).view(n, -1, self.num_classes)
        return self.decode(loc), F.softmax(conf, dim=-1)


Model = SSDHead


def inputs():
    torch.manual_seed(5001)
    return [
        ([torch.randn(1, 16, 8, 8), torch.randn(1, 32, 4, 4)],),
        ([torch.randn(3, 16, 8, 8), torch.randn(3, 32, 4, 4)],),
    ]
