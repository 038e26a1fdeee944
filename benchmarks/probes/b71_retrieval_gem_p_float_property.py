# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class GeM(nn.Module):
    """Generalised-mean pooling with a learnable exponent (image retrieval)."""

    def __init__(self, p: float = 3.0, eps: float = 1e-6):
        super().__init__()
        self.p = nn.Parameter(torch.ones(1) * p)
        self.eps = eps

    @property
    def exponent(self) -> float:
        return float(self.p)  # breaks: compile,export

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        p = self.exponent
        pooled = F.avg_pool2d(x.clamp(min=self.eps).pow(p), (x.size(-2), x.size(-1)))
        return pooled.pow(1.0 / p).flatten(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
        self.pool = GeM()
        self.whiten = nn.Linear(8, 8)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return F.normalize(self.whiten(self.pool(self.backbone(img))), dim=-1)


def inputs():
    torch.manual_seed(7107)
    return [(torch.rand(2, 3, 8, 8),), (torch.rand(2, 3, 8, 8),)]
