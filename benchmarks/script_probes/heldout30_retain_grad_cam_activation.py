# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class CamClassifier(nn.Module):
    """Small CNN that keeps the gradient of its last feature map for Grad-CAM."""

    def __init__(self, classes: int = 3):
        super().__init__()
        self.features = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=1))
        self.fc = nn.Linear(8, classes)

    def forward(self, x: Tensor) -> Tensor:
        fmap = self.features(x)
        if fmap.requires_grad:
            fmap.retain_grad()
        return self.fc(torch.relu(fmap).mean(dim=(2, 3)))


Model = CamClassifier


def inputs():
    torch.manual_seed(3003)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 6, 10),)]
