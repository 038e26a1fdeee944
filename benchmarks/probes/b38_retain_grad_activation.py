# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class SaliencyCNN(nn.Module):
    """Keeps the gradient of the last conv map for Grad-CAM style visualisation."""

    def __init__(self):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 6, 3, padding=1), nn.ReLU(), nn.Conv2d(6, 8, 3, padding=1))
        self.classifier = nn.Linear(8, 4)

    def forward(self, x):
        fmap = self.features(x)
        fmap.retain_grad()
        pooled = fmap.mean(dim=(2, 3))
        return self.classifier(pooled)


Model = SaliencyCNN


def inputs():
    torch.manual_seed(3805)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
