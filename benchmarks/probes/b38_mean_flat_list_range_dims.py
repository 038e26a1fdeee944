# ruff: noqa  (a probe is written as users write models)
import torch as th
import torch.nn as nn


def mean_flat(tensor):
    """Mean over all non-batch dimensions."""
    return tensor.mean(dim=list(range(1, len(tensor.shape))))


class EpsPredictionLoss(nn.Module):
    """Diffusion training loss: per-sample MSE between predicted and true noise."""

    def __init__(self, channels=3):
        super().__init__()
        self.net = nn.Conv2d(channels, channels, 3, padding=1)

    def forward(self, x_t, noise):
        eps = self.net(x_t)
        return mean_flat((noise - eps) ** 2)


Model = EpsPredictionLoss


def inputs():
    th.manual_seed(3828)
    return [
        (th.randn(2, 3, 6, 6), th.randn(2, 3, 6, 6)),
        (th.randn(3, 3, 4, 8), th.randn(3, 3, 4, 8)),
    ]
