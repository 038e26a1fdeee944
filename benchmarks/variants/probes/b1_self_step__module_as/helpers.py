import torch
from torch import nn


def model_forward(self, x):
    self.step += 1
    warm = min(1.0, self.step / 10)
    return self.fc(x) * warm
