import contextlib
import torch
from torch import nn


class Tempered(nn.Module):
    def __init__(self, dim=8, classes=5):
        super().__init__()
        self.head = nn.Linear(dim, classes)
        self.temperature = 1.0

    @contextlib.contextmanager
    def tempered(self, t):
        old = self.temperature
        self.temperature = t
        try:
            yield
        finally:
            self.temperature = old

    def forward(self, x):
        with self.tempered(2.0):
            soft = (self.head(x) / self.temperature).softmax(-1)
        return soft


Model = Tempered


def inputs():
    torch.manual_seed(17)
    return [(torch.randn(3, 8),), (torch.randn(6, 8),)]
