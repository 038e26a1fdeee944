import torch
from torch import nn


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    def forward(self, x):
        return self.fc(x).squeeze(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def forward(self, x):
        return self.inner(x)


def evaluate(model, batches):
    total = 0.0
    for x, y in batches:
        loss = (model(x) - y).pow(2).mean()
        total += loss.item()
        if loss > 10:
            print("large loss", loss.item())
    return total / len(batches)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
