import torch
from torch import nn


class FarthestPointSampler:
    def __init__(self, n_samples: int):
        self.n_samples = n_samples

    def __call__(self, xyz: torch.Tensor) -> torch.Tensor:
        n = xyz.shape[0]
        chosen = [0]
        dist = torch.full((n,), float("inf"))
        for _ in range(self.n_samples - 1):
            last = xyz[chosen[-1]]
            dist = torch.minimum(dist, ((xyz - last) ** 2).sum(-1))
            chosen.append(int(dist.argmax()))  # breaks: export,trace
        return xyz[chosen]  # breaks: compile


class Model(nn.Module):
    def __init__(self, n_centroids: int = 8, hidden: int = 32):
        super().__init__()
        self.sample = FarthestPointSampler(n_centroids)
        self.mlp = nn.Sequential(nn.Linear(3, hidden), nn.ReLU(), nn.Linear(hidden, hidden))
        self.cls = nn.Linear(hidden, 4)

    def forward(self, points):
        feats = []
        for cloud in points:
            centroids = self.sample(cloud)
            feats.append(self.mlp(centroids).max(0).values)
        return self.cls(torch.stack(feats))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 64, 3),), (torch.randn(2, 64, 3),)]
