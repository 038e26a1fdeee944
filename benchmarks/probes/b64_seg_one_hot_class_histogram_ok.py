# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Segmentation head that also reports the predicted class frequencies, counted by
    summing a one-hot encoding of the argmax map (a fixed number of classes)."""

    def __init__(self, c: int = 4, k: int = 5):
        super().__init__()
        self.k = k
        self.head = nn.Conv2d(c, k, 1)

    def forward(self, x: torch.Tensor):
        logits = self.head(x)
        labels = logits.argmax(dim=1).flatten()
        hist = F.one_hot(labels, self.k).sum(dim=0)
        return logits, hist.float() / labels.numel()


def inputs():
    torch.manual_seed(6419)
    return [(torch.randn(2, 4, 6, 6),), (torch.randn(2, 4, 6, 6),)]
