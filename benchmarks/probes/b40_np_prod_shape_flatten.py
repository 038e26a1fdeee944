# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class FlattenHead(nn.Module):
    """Classifier head flattening trailing dims, their product computed with numpy."""

    def __init__(self, n_classes=3):
        super().__init__()
        self.fc = nn.Linear(12, n_classes)

    def forward(self, x):
        flat = x.reshape(x.shape[0], int(np.prod(x.shape[1:])))
        return self.fc(flat).softmax(-1)


Model = FlattenHead


def inputs():
    torch.manual_seed(4029)
    return [(torch.randn(2, 3, 4),), (torch.randn(2, 3, 4),), (torch.randn(5, 4, 3),)]
