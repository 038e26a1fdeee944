import functools
import torch
from torch import nn


def model_forward(self, probs):
    assert (probs >= 0).all(), "probabilities must be non-negative"
    return probs / probs.sum(-1, keepdim=True)


class Model(nn.Module):
    def forward(self, probs):
        run = functools.partial(model_forward, self)
        return run(probs)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
