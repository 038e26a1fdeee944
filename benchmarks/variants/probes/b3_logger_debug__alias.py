import logging

import torch as T
from torch import nn as tnn

logger = logging.getLogger(__name__)


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc = tnn.Linear(8, 8)

    def forward(self, x):
        logger.info("input shape %s", tuple(x.shape))  # breaks: compile
        return self.fc(x).tanh()


def inputs():
    return [(T.randn(2, 8),), (T.randn(3, 8),)]
