import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 4)

    def forward(self, x, temperature: float = 1.0, hard: bool = False):
        logits = self.fc(x) / temperature
        if hard:
            return logits.argmax(-1)
        return logits.softmax(-1)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
