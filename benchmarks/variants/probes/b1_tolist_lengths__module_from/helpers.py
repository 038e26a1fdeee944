import torch
from torch import nn


def model_forward(self, x, lengths):
    outs = []
    for i, n in enumerate(lengths.tolist()):
        outs.append(x[i, :n].mean(0))
    return torch.stack(outs)
