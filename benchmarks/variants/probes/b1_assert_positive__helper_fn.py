import torch
from torch import nn


def model_forward(self, probs):
    assert (probs >= 0).all(), "probabilities must be non-negative"
    return probs / probs.sum(-1, keepdim=True)


class Model(nn.Module):
    def forward(self, probs):
        return model_forward(self, probs)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
