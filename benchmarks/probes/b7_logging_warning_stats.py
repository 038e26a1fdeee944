import logging

import torch
from torch import nn

log = logging.getLogger("b7.stats")


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        log.warning("activation mean %.4f", h.mean())  # breaks: compile
        return h.sigmoid()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
