import torch
from torch import Tensor, nn


def square_distance(a: Tensor, b: Tensor) -> Tensor:
    return (a.unsqueeze(2) - b.unsqueeze(1)).pow(2).sum(-1)


def index_points(points: Tensor, idx: Tensor) -> Tensor:
    b = points.shape[0]
    batch = torch.arange(b, device=points.device).view(b, *([1] * (idx.dim() - 1)))
    return points[batch, idx]


def ball_query(radius: float, nsample: int, xyz: Tensor, centers: Tensor) -> Tensor:
    b, n, _ = xyz.shape
    d = square_distance(centers, xyz)
    idx = torch.arange(n).view(1, 1, n).expand(b, centers.shape[1], n).clone()
    idx[d > radius**2] = n
    idx = idx.sort(dim=-1).values[:, :, :nsample]
    first = idx[:, :, :1].expand_as(idx)
    outside = idx == n
    idx[outside] = first[outside]  # breaks: compile
    return idx


class SetAbstraction(nn.Module):
    def __init__(self, radius: float = 0.6, nsample: int = 4, dim: int = 8):
        super().__init__()
        self.radius, self.nsample = radius, nsample
        self.mlp = nn.Sequential(nn.Linear(3, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, xyz: Tensor, centers: Tensor) -> Tensor:
        idx = ball_query(self.radius, self.nsample, xyz, centers)
        grouped = index_points(xyz, idx) - centers.unsqueeze(2)
        return self.mlp(grouped).max(dim=2).values


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.sa = SetAbstraction()

    def forward(self, xyz: Tensor) -> Tensor:
        return self.sa(xyz, xyz[:, ::2])


def inputs():
    torch.manual_seed(0)
    return [(torch.rand(2, 10, 3),), (torch.rand(1, 14, 3),)]
