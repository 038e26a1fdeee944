import torch
import torch.nn.functional as F
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 8, vocab: int = 6):
        super().__init__()
        self.head = nn.Linear(dim, vocab)

    def forward(self, h, labels):
        return model_forward(self, h, labels)


def inputs():
    return [
        (torch.randn(4, 8), torch.tensor([1, -100, 3, 0])),
        (torch.randn(5, 8), torch.tensor([-100, 2, 2, 5, -100])),
    ]
