# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, channels=6, classes=3):
        super().__init__()
        self.conv = nn.Conv2d(3, channels, 3, padding=1)
        self.head = nn.Linear(channels, classes)

    def forward(self, img):
        feat = torch.relu(self.conv(img))
        pooled = feat.mean(axis=(2, 3))
        return self.head(pooled)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 5, 7),)]
