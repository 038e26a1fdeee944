# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Per-class score calibration in a detection head: each class present in the batch of
    predicted labels gets its own temperature applied to its boxes' scores."""

    def __init__(self, n_classes: int = 4):
        super().__init__()
        self.temp = nn.Parameter(torch.linspace(0.5, 2.0, n_classes))
        self.cls = nn.Linear(6, n_classes)

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        logits = self.cls(feats)
        scores, labels = logits.softmax(-1).max(-1)
        out = torch.zeros_like(scores)
        for c in torch.unique(labels):  # breaks: compile,export
            m = labels == c
            out = torch.where(m, scores / self.temp[c], out)
        return out


def inputs():
    torch.manual_seed(6507)
    return [(torch.randn(10, 6),), (torch.randn(10, 6),)]
