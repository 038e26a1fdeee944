import torch
import torch.nn.functional as F
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, classes: int = 5, smoothing: float = 0.1):
        super().__init__()
        self.fc = nn.Linear(4, classes)
        self.classes = classes
        self.smoothing = smoothing

    def forward(self, x, target):
        return model_forward(self, x, target)


def inputs():
    return [
        (torch.randn(2, 4), torch.tensor([0, 3])),
        (torch.randn(3, 4), torch.tensor([1, 2, 4])),
    ]
