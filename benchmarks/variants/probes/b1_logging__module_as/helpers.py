import logging

import torch
from torch import nn

logger = logging.getLogger(__name__)


def model_forward(self, x):
    logger.info("forward on batch of %d", x.shape[0])
    return self.fc(x)
