# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LinearProbe(nn.Module):
    def __init__(self, dim=8, classes=3, freeze_backbone=True):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv1d(dim, dim, 3, padding=1), nn.GELU(), nn.AdaptiveAvgPool1d(1))
        self.head = nn.Linear(dim, classes)
        self.freeze_backbone = freeze_backbone

    def forward(self, x):
        if self.freeze_backbone:
            for p in self.backbone.parameters():
                p.requires_grad_(False)
        feats = self.backbone(x).flatten(1)
        return self.head(feats)


Model = LinearProbe


def inputs():
    torch.manual_seed(9)
    return [(torch.randn(2, 8, 10),), (torch.randn(3, 8, 7),)]
