import functools
import torch
from torch import nn


class DropPath(nn.Module):
    def __init__(self, p: float = 0.2):
        super().__init__()
        self.p = p

    def forward(self, x):
        if not self.training or self.p == 0.0:
            return x
        keep = 1 - self.p
        mask = torch.rand(x.shape[0], 1, device=x.device) < keep
        return x * mask / keep


def model_forward(self, x):
    return x + self.drop(self.fc(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)
        self.drop = DropPath()

    def forward(self, x):
        run = functools.partial(model_forward, self)
        return run(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(6, 8),)]
