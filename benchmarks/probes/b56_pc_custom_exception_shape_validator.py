# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PointCloudShapeError(ValueError):
    """Raised when a point cloud does not look like (batch, points, 3 + features)."""


def check_points(xyz: torch.Tensor) -> None:
    if xyz.dim() != 3:
        raise PointCloudShapeError(f"expected (B, N, C) points, got {xyz.dim()} dims")
    if not xyz.is_floating_point():
        raise PointCloudShapeError("point coordinates must be floating point")


class SharedMLP(nn.Module):
    def __init__(self, dims):
        super().__init__()
        layers = []
        for a, b in zip(dims[:-1], dims[1:]):
            layers += [nn.Linear(a, b), nn.LayerNorm(b), nn.ReLU()]
        self.net = nn.Sequential(*layers)

    def forward(self, x):
        return self.net(x)


class PointNetEncoder(nn.Module):
    def __init__(self, n_feat: int = 2, d: int = 32):
        super().__init__()
        self.n_feat = n_feat
        self.mlp1 = SharedMLP([3 + n_feat, 16, d])
        self.mlp2 = SharedMLP([2 * d, d])

    def forward(self, pts):
        check_points(pts)
        centred = torch.cat([pts[..., :3] - pts[..., :3].mean(dim=1, keepdim=True), pts[..., 3:]], dim=-1)
        h = self.mlp1(centred)
        g = h.max(dim=1, keepdim=True).values.expand_as(h)
        return self.mlp2(torch.cat([h, g], dim=-1)).max(dim=1).values


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = PointNetEncoder()
        self.cls = nn.Linear(32, 6)

    def forward(self, pts):
        return self.cls(self.encoder(pts))


def inputs():
    torch.manual_seed(5618)
    return [(torch.randn(2, 64, 5),), (torch.randn(3, 40, 5),)]
