import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 8, vocab: int = 12):
        super().__init__()
        self.lm_head = nn.Linear(dim, vocab)

    def forward(self, h):
        return model_forward(self, h)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8) * 2,)]
