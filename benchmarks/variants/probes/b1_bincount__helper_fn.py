import torch
from torch import nn


def model_forward(self, ids):
    counts = torch.bincount(ids)
    return counts.float() / ids.numel()


class Model(nn.Module):
    def forward(self, ids):
        return model_forward(self, ids)


def inputs():
    return [(torch.tensor([0, 1, 1, 3]),), (torch.tensor([2, 2, 0, 1]),)]
