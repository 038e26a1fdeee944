import torch
from torch import nn


def model_forward(self, x, lengths):
    outs = []
    for i, n in enumerate(lengths.tolist()):
        outs.append(x[i, :n].mean(0))
    return torch.stack(outs)


class Model(nn.Module):
    def forward(self, x, lengths):
        return model_forward(self, x, lengths)


def inputs():
    return [
        (torch.randn(2, 5, 3), torch.tensor([5, 2])),
        (torch.randn(2, 5, 3), torch.tensor([1, 4])),
    ]
