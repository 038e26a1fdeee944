import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def model_forward(self, x):
    logger.info("input shape %s", tuple(x.shape))  # breaks: compile
    return self.fc(x).tanh()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
