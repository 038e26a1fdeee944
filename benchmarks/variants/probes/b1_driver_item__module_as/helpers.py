import torch
from torch import nn


def evaluate(model, batches):
    total = 0.0
    for x, y in batches:
        loss = (model(x) - y).pow(2).mean()
        total += loss.item()
        if loss > 10:
            print("large loss", loss.item())
    return total / len(batches)


def model_forward(self, x):
    return self.fc(x).squeeze(-1)
