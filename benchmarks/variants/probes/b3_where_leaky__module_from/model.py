import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 8, slope: float = 0.1):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.slope = slope

    def forward(self, x, pad_mask):
        return model_forward(self, x, pad_mask)


def inputs():
    return [
        (torch.randn(2, 3, 8), torch.tensor([[False, False, True], [False, True, True]])),
        (torch.randn(3, 3, 8), torch.tensor([[False] * 3, [False, False, True], [True] * 3])),
    ]
