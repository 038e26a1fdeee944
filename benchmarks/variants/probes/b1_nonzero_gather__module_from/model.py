import torch
from torch import nn
from .helpers import model_forward


class Model(nn.Module):
    def forward(self, scores, feats):
        return model_forward(self, scores, feats)


def inputs():
    return [
        (torch.tensor([0.9, 0.1, 0.7]), torch.randn(3, 4)),
        (torch.tensor([0.2, 0.8, 0.6]), torch.randn(3, 4)),
    ]
