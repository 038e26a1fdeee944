import logging

import torch
from torch import nn

log = logging.getLogger("encoder")


class Encoder(nn.Module):
    def __init__(self, dim=16):
        super().__init__()
        self.layers = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, x):
        h = self.layers(x)
        if log.isEnabledFor(logging.DEBUG):  # breaks: compile
            log.debug("encoder out %s", tuple(h.shape))
        return h


Model = Encoder


def inputs():
    torch.manual_seed(8)
    return [(torch.randn(2, 16),), (torch.randn(7, 16),)]
