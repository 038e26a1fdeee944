import warnings

import torch
import torch.nn as nn


class LegacyHead(nn.Module):
    def __init__(self, dim, n_out):
        super().__init__()
        self.fc = nn.Linear(dim, n_out)

    def forward(self, x):
        warnings.warn("LegacyHead is deprecated, use ProjectionHead", DeprecationWarning)  # breaks: compile
        return self.fc(x)


class Classifier(nn.Module):
    def __init__(self, dim=10, n_out=3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.SiLU())
        self.head = LegacyHead(dim, n_out)

    def forward(self, x):
        return self.head(self.body(x))


Model = Classifier


def inputs():
    torch.manual_seed(47)
    return [(torch.randn(2, 10),), (torch.randn(4, 10),)]
