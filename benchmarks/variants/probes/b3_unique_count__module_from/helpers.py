import torch
from torch import nn


def model_forward(self, x, labels):
    n_classes = torch.unique(labels).numel()
    h = self.fc(x)
    return h.sum(0) / n_classes
