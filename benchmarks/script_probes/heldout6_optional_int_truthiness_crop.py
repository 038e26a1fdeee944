# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
from typing import Optional

import torch
from torch import nn


class TokenCropper(nn.Module):
    def __init__(self, num_prefix_tokens: Optional[int] = None):
        super().__init__()
        self.num_prefix_tokens = num_prefix_tokens

    @staticmethod
    def drop_prefix(x: torch.Tensor, n: Optional[int] = None) -> torch.Tensor:
        if n:
            return x[:, n:]
        return x

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.drop_prefix(x, self.num_prefix_tokens)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.crop = TokenCropper(1)

    def forward(self, x):
        return self.crop(self.fc(x)).mean(1)


def inputs():
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
