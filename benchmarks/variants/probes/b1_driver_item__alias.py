import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(4, 1)

    def forward(self, x):
        return self.fc(x).squeeze(-1)


def evaluate(model, batches):
    total = 0.0
    for x, y in batches:
        loss = (model(x) - y).pow(2).mean()
        total += loss.item()
        if loss > 10:
            print("large loss", loss.item())
    return total / len(batches)


def inputs():
    return [(T.randn(2, 4),), (T.randn(3, 4),)]
