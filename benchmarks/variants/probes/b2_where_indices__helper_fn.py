import torch
from torch import nn


def model_forward(self, scores):
    rows, cols = torch.where(scores > 0.5)
    return scores[rows, cols].sum() + rows.float().sum()


class Model(nn.Module):
    def forward(self, scores):
        return model_forward(self, scores)


def inputs():
    return [(torch.rand(3, 3),), (torch.rand(3, 3),)]
