# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SoftArgmax2d(nn.Module):
    """Integral pose regression: expected (x, y) under the softmax of each heatmap, in [-1, 1]."""

    def __init__(self, beta: float = 10.0):
        super().__init__()
        self.beta = beta

    def forward(self, heat: torch.Tensor) -> torch.Tensor:
        b, k, h, w = heat.shape
        prob = (self.beta * heat).flatten(2).softmax(-1).view(b, k, h, w)
        gy, gx = torch.meshgrid(
            torch.linspace(-1.0, 1.0, h, device=heat.device, dtype=heat.dtype),
            torch.linspace(-1.0, 1.0, w, device=heat.device, dtype=heat.dtype),
            indexing="ij",
        )
        x = (prob * gx).sum((-1, -2))
        y = (prob * gy).sum((-1, -2))
        return torch.stack([x, y], dim=-1)


class Model(nn.Module):
    def __init__(self, n_joints: int = 5):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, n_joints, 3, padding=1)
        )
        self.decode = SoftArgmax2d()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return self.decode(self.body(img))


def inputs():
    torch.manual_seed(6829)
    return [(torch.randn(2, 3, 12, 10),), (torch.randn(1, 3, 9, 15),)]
