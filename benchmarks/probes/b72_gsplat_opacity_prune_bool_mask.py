# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Gaussian-splat head: drop near-transparent splats, then splat the rest onto a 1-D ray bundle."""

    def __init__(self, n: int = 16, min_opacity: float = 0.2):
        super().__init__()
        self.means = nn.Parameter(torch.linspace(-1, 1, n).unsqueeze(-1))
        self.log_scale = nn.Parameter(torch.full((n, 1), -1.5))
        self.min_opacity = min_opacity

    def forward(self, opacity_logits: torch.Tensor, rays: torch.Tensor) -> torch.Tensor:
        alpha = opacity_logits.sigmoid()
        keep = alpha > self.min_opacity
        mu, s, a = self.means[keep], self.log_scale[keep].exp(), alpha[keep].unsqueeze(-1)  # breaks: compile
        w = a * torch.exp(-0.5 * ((rays.unsqueeze(0) - mu) / s) ** 2)
        return w.sum(0)


def inputs():
    torch.manual_seed(7218)
    return [(torch.randn(16), torch.linspace(-1, 1, 5)), (torch.randn(16) * 4, torch.linspace(-1, 1, 5))]
