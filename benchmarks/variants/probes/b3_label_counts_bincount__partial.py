import functools
import torch
from torch import nn


def model_forward(self, logits, labels):
    counts = torch.bincount(labels, minlength=self.num_classes).float()
    weights = counts.sum() / (counts + 1.0)
    return nn.functional.cross_entropy(logits, labels, weight=weights)  # breaks: compile,export


class Model(nn.Module):
    def __init__(self, num_classes: int = 4):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, logits, labels):
        run = functools.partial(model_forward, self)
        return run(logits, labels)


def inputs():
    return [
        (torch.randn(5, 4), torch.tensor([0, 1, 1, 3, 2])),
        (torch.randn(6, 4), torch.tensor([2, 2, 2, 0, 1, 3])),
    ]
