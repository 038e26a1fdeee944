import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, num_classes: int = 4):
        super().__init__()
        self.num_classes = num_classes

    def forward(self, logits, labels):
        return model_forward(self, logits, labels)


def inputs():
    return [
        (torch.randn(5, 4), torch.tensor([0, 1, 1, 3, 2])),
        (torch.randn(6, 4), torch.tensor([2, 2, 2, 0, 1, 3])),
    ]
