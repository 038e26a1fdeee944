# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ProbedClassifier(nn.Module):
    """Vision/interpretability: keeps the last feature map for a probe by writing it with
    object.__setattr__, skipping nn.Module's attribute bookkeeping."""

    def __init__(self, c: int = 8, classes: int = 5):
        super().__init__()
        self.body = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.ReLU())
        self.head = nn.Linear(c, classes)

    def forward(self, img):
        h = self.body(img)
        object.__setattr__(self, "last_feats", h.detach())
        return self.head(h.mean(dim=(2, 3)))


Model = ProbedClassifier


def inputs():
    torch.manual_seed(5725)
    return [(torch.randn(2, 3, 8, 8),), (torch.randn(1, 3, 12, 10),)]
