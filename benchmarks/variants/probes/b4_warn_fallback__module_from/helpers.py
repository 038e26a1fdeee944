import warnings

import torch
from torch import nn


def model_forward(self, x):
    if x.size(1) > self.max_len:  # breaks: trace
        warnings.warn("input longer than max_len, truncating")  # breaks: compile
        x = x[:, : self.max_len]
    return self.fc(x).mean(1)
