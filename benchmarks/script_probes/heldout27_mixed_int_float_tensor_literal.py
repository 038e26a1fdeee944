# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiScaleLoss(nn.Module):
    """Diffusion-style multi-scale reconstruction loss with per-scale weights."""

    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(2)

    def forward(self, pred, target):
        losses = []
        for _ in range(3):
            losses.append((pred - target).pow(2).mean())
            pred, target = self.pool(pred), self.pool(target)
        weights = torch.tensor([1, 0.5, 0.25])
        return (torch.stack(losses) * weights).sum()


Model = MultiScaleLoss


def inputs():
    torch.manual_seed(2712)
    return [
        (torch.randn(1, 3, 16, 16), torch.randn(1, 3, 16, 16)),
        (torch.randn(2, 3, 8, 12), torch.randn(2, 3, 8, 12)),
    ]
