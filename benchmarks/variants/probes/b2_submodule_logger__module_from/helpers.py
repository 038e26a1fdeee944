import logging

import torch
from torch import nn

log = logging.getLogger("model")


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 2)

    def forward(self, x):
        log.debug("head input %s", x.shape)
        return self.fc(x)


def model_forward(self, x):
    return self.head(self.body(x).relu())
