# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Union

import torch
from torch import nn


class BiasedLogits(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, classes, bias=False)

    def forward(self, x: torch.Tensor, bias: Union[torch.Tensor, float] = 0.0) -> torch.Tensor:
        logits = self.fc(x)
        if torch.is_tensor(bias):
            return logits + bias.unsqueeze(0)
        return logits + bias


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = BiasedLogits()
        self.register_buffer("prior", torch.tensor([0.1, -0.2, 0.3, 0.0]))

    def forward(self, x, use_prior: bool = True):
        if use_prior:
            return self.head(x, self.prior)
        return self.head(x, 0.5)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8), True), (torch.randn(3, 8), False)]
