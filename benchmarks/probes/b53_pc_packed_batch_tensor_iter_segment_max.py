# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def segment_max(feats: Tensor, counts: Tensor) -> Tensor:
    """Max-pool a packed (N_total, C) point batch into (B, C) using per-cloud point counts."""
    pooled = []
    start = 0
    for n in counts:
        pooled.append(feats[start:start + n].amax(dim=0))
        start = start + n
    return torch.stack(pooled, dim=0)


class SharedMLP(nn.Module):
    def __init__(self, dims=(3, 16, 32)):
        super().__init__()
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.LayerNorm(b), nn.ReLU()]
        self.net = nn.Sequential(*layers)

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)


class PackedPointNet(nn.Module):
    """PointNet classifier over a packed batch (points of all clouds concatenated)."""

    def __init__(self, n_classes: int = 4, pool=segment_max):
        super().__init__()
        self.local = SharedMLP((3, 16, 32))
        self.pool = pool
        self.head = nn.Sequential(nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, n_classes))

    def forward(self, points: Tensor, counts: Tensor) -> Tensor:
        centered = points - points.mean(dim=0, keepdim=True)
        return self.head(self.pool(self.local(centered), counts))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = PackedPointNet()

    def forward(self, points, counts):
        return self.net(points, counts)


def inputs():
    torch.manual_seed(5318)
    return [
        (torch.randn(20, 3), torch.tensor([8, 12])),
        (torch.randn(27, 3), torch.tensor([5, 9, 13])),
    ]
