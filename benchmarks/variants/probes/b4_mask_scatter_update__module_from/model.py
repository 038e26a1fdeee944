import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.mask_token = nn.Parameter(torch.zeros(dim))

    def forward(self, x, mask):
        return model_forward(self, x, mask)


def inputs():
    return [
        (torch.randn(2, 3, 8), torch.tensor([[True, False, False], [False, True, True]])),
        (torch.randn(3, 3, 8), torch.tensor([[False] * 3, [True] * 3, [True, False, True]])),
    ]
