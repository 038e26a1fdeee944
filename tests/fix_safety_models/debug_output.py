"""Debug output in forward: print, logging and warnings break torch.compile's graph."""

import logging
import warnings

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 8), nn.ReLU(), nn.Linear(8, 8))

    def forward(self, x):
        y = self.net(x)
        print("activation mean", y.mean(), len(y))
        logger.debug("output shape %s", y.shape)
        if y.shape[-1] != 8:
            warnings.warn("unexpected width", stacklevel=2)
        return y * 2


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
