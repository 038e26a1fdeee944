import torch
from torch import nn


def model_forward(self, logits, labels):
    counts = torch.bincount(labels, minlength=self.num_classes).float()
    weights = counts.sum() / (counts + 1.0)
    return nn.functional.cross_entropy(logits, labels, weight=weights)  # breaks: compile,export
