# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FarthestPointSampler(nn.Module):
    """Farthest point sampling on one cloud, written the way the reference numpy code reads:
    the next centre is the index of the largest distance, taken as a Python int."""

    def __init__(self, npoint: int):
        super().__init__()
        self.npoint = npoint

    def forward(self, xyz: torch.Tensor) -> torch.Tensor:
        n = xyz.shape[0]
        dist = torch.full((n,), 1e10)
        farthest = 0
        chosen = []
        for _ in range(self.npoint):
            chosen.append(xyz[farthest])
            d = ((xyz - xyz[farthest]) ** 2).sum(-1)
            dist = torch.minimum(dist, d)
            farthest = int(dist.argmax())  # breaks: export,trace
        return torch.stack(chosen)


class Model(nn.Module):
    """PointNet++ set-abstraction stem: sample centres, embed them."""

    def __init__(self, npoint: int = 4):
        super().__init__()
        self.sampler = FarthestPointSampler(npoint)
        self.embed = nn.Linear(3, 8)

    def forward(self, xyz: torch.Tensor) -> torch.Tensor:
        return self.embed(self.sampler(xyz))


def inputs():
    torch.manual_seed(6707)
    return [(torch.randn(16, 3),), (torch.randn(16, 3),)]
