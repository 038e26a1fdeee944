import torch
from torch import nn


def model_forward(self, x):
    y = x if x.mean() > 0 else -x
    return y.exp()


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.ones(2, 3),), (-torch.ones(2, 3),)]
