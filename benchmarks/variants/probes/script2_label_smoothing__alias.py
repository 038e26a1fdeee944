import torch as T
from torch import nn as tnn
F = T.nn.functional


class Model(tnn.Module):
    def __init__(self, classes: int = 5, smoothing: float = 0.1):
        super().__init__()
        self.fc = tnn.Linear(4, classes)
        self.classes = classes
        self.smoothing = smoothing

    def forward(self, x, target):
        logits = self.fc(x)
        logp = F.log_softmax(logits, -1)
        true = F.one_hot(target, self.classes).float()
        true = true * (1 - self.smoothing) + self.smoothing / self.classes
        return -(true * logp).sum(-1).mean()


def inputs():
    return [
        (T.randn(2, 4), T.tensor([0, 3])),
        (T.randn(3, 4), T.tensor([1, 2, 4])),
    ]
