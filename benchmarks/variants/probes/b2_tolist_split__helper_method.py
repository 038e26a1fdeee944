import torch
from torch import nn


class Model(nn.Module):
    def forward(self, tokens, counts):
        return self._forward_impl(tokens, counts)
    def _forward_impl(self, tokens, counts):
        pieces = torch.split(tokens, counts.tolist())
        return torch.stack([p.mean(0) for p in pieces])


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([4, 1])),
    ]
