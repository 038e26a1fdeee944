import logging

import torch
from torch import nn


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        h = self.fc(x)
        logging.getLogger(__name__).debug("fc output shape %s", tuple(h.shape))  # breaks: compile
        return h


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
