from enum import IntEnum

import torch
from torch import nn


class Ch(IntEnum):
    RED = 0
    GREEN = 1
    BLUE = 2


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.refine = nn.Conv2d(1, 1, 3, padding=1)

    def forward(self, rgb):
        luma = 0.299 * rgb[:, Ch.RED] + 0.587 * rgb[:, Ch.GREEN] + 0.114 * rgb[:, Ch.BLUE]
        return self.refine(luma.unsqueeze(1))


def inputs():
    torch.manual_seed(30)
    return [(torch.rand(2, 3, 6, 6),), (torch.rand(1, 3, 5, 7),)]
