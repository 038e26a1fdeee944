from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn
from .helpers import Config, model_forward


class Model(nn.Module):
    def __init__(self, config: Config = Config()):
        super().__init__()
        self.config = config
        self.fc = nn.Linear(config.dim, config.dim)

    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
