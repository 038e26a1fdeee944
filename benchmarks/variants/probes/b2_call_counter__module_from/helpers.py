import torch
from torch import nn


def model_forward(self, x):
    self.num_calls = self.num_calls + 1
    if self.num_calls % 2 == 0:
        return self.fc(x)
    return self.fc(x) * 0.5
