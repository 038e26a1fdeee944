import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    def forward(self, x, temperature: float = 1.0, hard: bool = False):
        logits = self.fc(x) / temperature
        if hard:
            return logits.argmax(-1)
        return logits.softmax(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x, temperature: float = 1.0, hard: bool = False):
        return self.inner(x, temperature, hard)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
