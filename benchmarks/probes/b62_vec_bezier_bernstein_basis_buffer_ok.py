# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def bernstein_matrix(degree: int, n_samples: int) -> torch.Tensor:
    """B[s, i] = C(n, i) t_s^i (1 - t_s)^(n - i) on a fixed grid of curve parameters."""
    t = torch.linspace(0.0, 1.0, n_samples).unsqueeze(1)
    i = torch.arange(degree + 1, dtype=torch.float32).unsqueeze(0)
    binom = torch.tensor([math.comb(degree, k) for k in range(degree + 1)], dtype=torch.float32)
    return binom * t.pow(i) * (1 - t).pow(degree - i)


class ControlPointHead(nn.Module):
    def __init__(self, dim: int, n_curves: int, degree: int):
        super().__init__()
        self.n_curves, self.n_ctrl = n_curves, degree + 1
        self.fc = nn.Linear(dim, n_curves * self.n_ctrl * 2)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        return torch.sigmoid(self.fc(h)).view(h.shape[0], self.n_curves, self.n_ctrl, 2)


class Model(nn.Module):
    """Vector-sketch decoder: an image encoder predicts control points of cubic Bezier strokes,
    which are evaluated on a fixed parameter grid through a Bernstein basis buffer."""

    def __init__(self, n_curves: int = 4, degree: int = 3, n_samples: int = 16):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(1, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 32, 3, stride=2, padding=1), nn.ReLU(),
            nn.AdaptiveAvgPool2d(1), nn.Flatten(),
        )
        self.ctrl = ControlPointHead(32, n_curves, degree)
        self.register_buffer("basis", bernstein_matrix(degree, n_samples))

    def forward(self, img: torch.Tensor):
        ctrl = self.ctrl(self.encoder(img))  # (B, K, n+1, 2)
        pts = torch.matmul(self.basis, ctrl)  # (S, n+1) @ (B, K, n+1, 2) -> (B, K, S, 2)
        seg = pts[:, :, 1:] - pts[:, :, :-1]
        length = torch.linalg.vector_norm(seg, dim=-1).sum(-1)
        return pts, length


def inputs():
    torch.manual_seed(6220)
    return [(torch.rand(2, 1, 28, 28),), (torch.rand(3, 1, 32, 40),)]
