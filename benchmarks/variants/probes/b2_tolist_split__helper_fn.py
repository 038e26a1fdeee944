import torch
from torch import nn


def model_forward(self, tokens, counts):
    pieces = torch.split(tokens, counts.tolist())
    return torch.stack([p.mean(0) for p in pieces])


class Model(nn.Module):
    def forward(self, tokens, counts):
        return model_forward(self, tokens, counts)


def inputs():
    return [
        (torch.randn(5, 3), torch.tensor([2, 3])),
        (torch.randn(5, 3), torch.tensor([4, 1])),
    ]
