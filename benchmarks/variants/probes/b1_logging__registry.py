import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


class Inner(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        logger.info("forward on batch of %d", x.shape[0])
        return self.fc(x)


LAYERS = {"block": Inner}


class Model(nn.Module):
    def __init__(self, name: str = "block"):
        super().__init__()
        self.block = LAYERS[name]()

    def forward(self, x):
        return self.block(x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
