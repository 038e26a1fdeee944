# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


def make_temperature_scaler(temperature: float):
    def scale(logits: Tensor) -> Tensor:
        return logits / temperature

    return scale


class CalibratedClassifier(nn.Module):
    """Classifier head with a temperature-scaling function chosen at construction."""

    def __init__(self, dim: int = 8, classes: int = 5, temperature: float = 1.5):
        super().__init__()
        self.fc = nn.Linear(dim, classes)
        self.calibrate = make_temperature_scaler(temperature)

    def forward(self, x: Tensor) -> Tensor:
        return self.calibrate(self.fc(x)).softmax(-1)


Model = CalibratedClassifier


def inputs():
    torch.manual_seed(3815)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
