import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def __init__(self, dim: int = 8, image_size: int = 64):
        super().__init__()
        self.reg = nn.Linear(dim, 4)
        self.image_size = image_size

    def forward(self, feats, anchors):
        return model_forward(self, feats, anchors)


def inputs():
    a1 = torch.tensor([[0.0, 0.0, 10.0, 10.0], [5.0, 5.0, 20.0, 30.0]])
    a2 = torch.tensor([[1.0, 2.0, 8.0, 9.0], [0.0, 0.0, 4.0, 4.0], [10.0, 10.0, 40.0, 50.0]])
    return [(torch.randn(2, 8), a1), (torch.randn(3, 8), a2)]
