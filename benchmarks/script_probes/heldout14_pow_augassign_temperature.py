# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 5)
        self.base_temp = 4.0
        self.steps = 3

    def forward(self, x):
        t = self.base_temp
        logits = self.fc(x)
        probs = (logits / t).softmax(-1)
        for _ in range(self.steps):
            t **= 0.5
            probs = probs + (logits / t).softmax(-1)
        return probs / (self.steps + 1)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
