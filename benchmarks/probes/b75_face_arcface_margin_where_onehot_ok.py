# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """ArcFace head: cos(theta + m) on the target class, with the usual fallback below the
    threshold where theta + m would pass pi."""

    def __init__(self, d: int = 8, n_cls: int = 5, s: float = 16.0, m: float = 0.5):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(n_cls, d))
        self.s = s
        self.cos_m, self.sin_m = math.cos(m), math.sin(m)
        self.th = math.cos(math.pi - m)
        self.mm = math.sin(math.pi - m) * m

    def forward(self, emb: torch.Tensor, label: torch.Tensor) -> torch.Tensor:
        cos = F.linear(F.normalize(emb), F.normalize(self.weight)).clamp(-1, 1)
        sin = (1.0 - cos * cos).clamp(min=1e-7).sqrt()
        phi = cos * self.cos_m - sin * self.sin_m
        phi = torch.where(cos > self.th, phi, cos - self.mm)
        one_hot = torch.zeros_like(cos).scatter_(1, label.view(-1, 1), 1.0)
        return self.s * (one_hot * phi + (1.0 - one_hot) * cos)


def inputs():
    torch.manual_seed(7523)
    return [
        (torch.randn(3, 8), torch.tensor([0, 4, 2])),
        (torch.randn(4, 8) * 5, torch.tensor([1, 1, 3, 0])),
    ]
