"""Import side effects: prints and changes the working folder."""

import os

import torch
from torch import nn

print("hello from import")
os.chdir(os.path.dirname(os.path.abspath(os.sep)))


class Tiny(nn.Module):
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.tanh(x)


def make_inputs() -> list[tuple[torch.Tensor]]:
    return [(torch.randn(2, 3),)]
