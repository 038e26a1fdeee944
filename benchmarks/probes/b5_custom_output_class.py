import torch
from torch import nn


class HeadOutput(dict):
    """Attribute access over a dict, the way model-output containers are often written."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as exc:
            raise AttributeError(name) from exc


class Model(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.body = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        h = torch.relu(self.body(x))
        return HeadOutput(logits=self.head(h), hidden=h)  # breaks: export,trace


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
