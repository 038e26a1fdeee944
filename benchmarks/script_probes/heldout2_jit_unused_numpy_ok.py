# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import numpy as np
import torch
from torch import nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)

    @torch.jit.unused
    def log_stats(self, x: torch.Tensor) -> None:
        print(np.mean(x.detach().numpy()))

    def forward(self, x):
        if self.training and x.size(0) > 100:
            self.log_stats(x)
        return self.fc(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
