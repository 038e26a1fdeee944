# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Normalised soft-argmax: expected x/y in [-1, 1] from marginal heatmaps, no Python ints of data."""

    def __init__(self, joints: int = 4):
        super().__init__()
        self.head = nn.Conv2d(3, joints, 3, padding=1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        heat = self.head(img)
        h, w = heat.shape[-2:]
        prob = F.softmax(heat.flatten(2), -1).view_as(heat)
        xs = torch.linspace(-1.0, 1.0, w, device=img.device)
        ys = torch.linspace(-1.0, 1.0, h, device=img.device)
        x = (prob.sum(2) * xs).sum(-1)
        y = (prob.sum(3) * ys).sum(-1)
        return torch.stack((x, y), -1)


def inputs():
    torch.manual_seed(7211)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(2, 3, 6, 6) * 3,)]
