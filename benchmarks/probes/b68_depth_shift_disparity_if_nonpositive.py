# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def ensure_positive(disp: torch.Tensor, eps: float) -> torch.Tensor:
    """Shift a disparity map so it can be inverted to depth."""
    if bool((disp <= 0).any()):  # breaks: compile,export,trace
        disp = disp - disp.min() + eps
    return disp


class DepthHead(nn.Module):
    def __init__(self, cin: int, eps: float = 1e-3, max_depth: float = 80.0):
        super().__init__()
        self.conv = nn.Conv2d(cin, 1, 3, padding=1)
        self.eps = eps
        self.max_depth = max_depth

    def forward(self, feat: torch.Tensor, prior: torch.Tensor) -> torch.Tensor:
        disp = torch.tanh(self.conv(feat)) + prior
        disp = ensure_positive(disp, self.eps)
        return (1.0 / disp).clamp(max=self.max_depth)


class Model(nn.Module):
    """Monocular depth: encoder features plus a coarse disparity prior, inverted to depth."""

    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU())
        self.head = DepthHead(8)

    def forward(self, img: torch.Tensor, prior: torch.Tensor) -> torch.Tensor:
        return self.head(self.encoder(img), prior)


def inputs():
    torch.manual_seed(6816)
    return [
        (torch.randn(1, 3, 8, 8), torch.rand(1, 1, 8, 8) + 2.0),
        (torch.randn(1, 3, 8, 8), torch.randn(1, 1, 8, 8)),
    ]
