import torch
from torch import nn


class Model(nn.Module):
    def forward(self, probs):
        return self._forward_impl(probs)
    def _forward_impl(self, probs):
        assert (probs >= 0).all(), "probabilities must be non-negative"
        return probs / probs.sum(-1, keepdim=True)


def inputs():
    return [(torch.rand(2, 4),), (torch.rand(3, 4),)]
