import functools
import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x, target):
    logits = self.fc(x)
    logp = F.log_softmax(logits, -1)
    true = F.one_hot(target, self.classes).float()
    true = true * (1 - self.smoothing) + self.smoothing / self.classes
    return -(true * logp).sum(-1).mean()


class Model(nn.Module):
    def __init__(self, classes: int = 5, smoothing: float = 0.1):
        super().__init__()
        self.fc = nn.Linear(4, classes)
        self.classes = classes
        self.smoothing = smoothing

    def forward(self, x, target):
        run = functools.partial(model_forward, self)
        return run(x, target)


def inputs():
    return [
        (torch.randn(2, 4), torch.tensor([0, 3])),
        (torch.randn(3, 4), torch.tensor([1, 2, 4])),
    ]
