import functools
import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(8, 8)

    @passthrough
    def forward(self, x):
        logger.info("input shape %s", tuple(x.shape))  # breaks: compile
        return self.fc(x).tanh()


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
