import torch
from torch import nn


def model_forward(self, x):
    h = self.fc(x)
    self.calls += 1  # breaks: export,trace
    scale = 1.0 / self.calls
    return h * scale + self.running
