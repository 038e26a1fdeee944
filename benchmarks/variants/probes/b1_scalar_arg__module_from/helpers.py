import torch
from torch import nn


def model_forward(self, x, temperature: float = 1.0, hard: bool = False):
    logits = self.fc(x) / temperature
    if hard:
        return logits.argmax(-1)
    return logits.softmax(-1)
