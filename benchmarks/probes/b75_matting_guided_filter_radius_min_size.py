# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def box_filter(x: torch.Tensor, r: int) -> torch.Tensor:
    """Mean over a (2r+1)^2 window with two cumulative sums (reflect-padded borders)."""
    k = 2 * r + 1
    x = F.pad(x, (r + 1, r, r + 1, r), mode="replicate")
    c = x.cumsum(-1).cumsum(-2)
    s = c[..., k:, k:] - c[..., :-k, k:] - c[..., k:, :-k] + c[..., :-k, :-k]
    return s / (k * k)


class Model(nn.Module):
    """Deep guided filter: a low-resolution alpha is refined against the full-res guide image;
    the window radius shrinks for small crops."""

    def __init__(self, cfg: dict = {"radius": 2, "eps": 1e-2}):
        super().__init__()
        self.r = cfg.get("radius", 1)
        self.eps = cfg.get("eps", 1e-3)
        self.guide = nn.Conv2d(3, 1, 1)

    def forward(self, image: torch.Tensor, alpha: torch.Tensor) -> torch.Tensor:
        g = self.guide(image)
        r = min(self.r, min(image.shape[-2:]) // 4)  # breaks: trace
        mean_g, mean_a = box_filter(g, r), box_filter(alpha, r)
        cov = box_filter(g * alpha, r) - mean_g * mean_a
        var = box_filter(g * g, r) - mean_g * mean_g
        a = cov / (var + self.eps)
        b = mean_a - a * mean_g
        return (box_filter(a, r) * g + box_filter(b, r)).clamp(0, 1)


def inputs():
    torch.manual_seed(7508)
    return [
        (torch.randn(1, 3, 10, 10), torch.rand(1, 1, 10, 10)),
        (torch.randn(2, 3, 7, 9), torch.rand(2, 1, 7, 9)),
    ]
