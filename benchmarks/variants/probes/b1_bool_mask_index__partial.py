import functools
import torch
from torch import nn


def model_forward(self, logits, labels):
    valid = labels != -100
    return logits[valid].logsumexp(-1).mean()


class Model(nn.Module):
    def forward(self, logits, labels):
        run = functools.partial(model_forward, self)
        return run(logits, labels)


def inputs():
    return [
        (torch.randn(4, 3), torch.tensor([0, -100, 2, 1])),
        (torch.randn(4, 3), torch.tensor([-100, -100, 2, 1])),
    ]
