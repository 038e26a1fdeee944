import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, hidden, attention_mask):
        return model_forward(self, hidden, attention_mask)


def inputs():
    return [
        (torch.randn(2, 4, 3), torch.tensor([[1, 1, 0, 0], [1, 1, 1, 1]])),
        (torch.randn(3, 5, 3), torch.ones(3, 5, dtype=torch.long)),
    ]
