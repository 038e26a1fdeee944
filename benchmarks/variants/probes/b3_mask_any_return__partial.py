import functools
import torch
from torch import nn


def model_forward(self, x, mask):
    if not mask.any():  # breaks: compile,export,trace
        return x
    h = self.fc(x)
    return torch.where(mask[:, None], h, x)


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x, mask):
        run = functools.partial(model_forward, self)
        return run(x, mask)


def inputs():
    return [
        (torch.randn(3, 8), torch.tensor([False, False, False])),
        (torch.randn(4, 8), torch.tensor([True, False, True, False])),
    ]
