import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 1)

    def forward(self, x):
        return self._forward_impl(x)

    def _forward_impl(self, x):
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
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
