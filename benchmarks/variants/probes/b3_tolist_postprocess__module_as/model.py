import torch
from torch import nn
from . import helpers as h


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.box = nn.Linear(dim, 4)

    def forward(self, feats, image_sizes):
        return h.model_forward(self, feats, image_sizes)


def inputs():
    return [
        (torch.randn(2, 3, 8), torch.tensor([[32, 48], [64, 64]])),
        (torch.randn(2, 3, 8), torch.tensor([[10, 20], [30, 40]])),
    ]
