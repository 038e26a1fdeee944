import torch
from torch import nn


def model_forward(self, tokens, durations):
    return tokens.repeat_interleave(durations, dim=0)


class Model(nn.Module):
    def forward(self, tokens, durations):
        return model_forward(self, tokens, durations)


def inputs():
    return [
        (torch.randn(3, 2), torch.tensor([1, 2, 1])),
        (torch.randn(3, 2), torch.tensor([2, 2, 3])),
    ]
