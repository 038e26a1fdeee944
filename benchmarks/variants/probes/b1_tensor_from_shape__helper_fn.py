import torch
from torch import nn


def model_forward(self, x):
    size = torch.tensor(x.shape, dtype=torch.float32)
    return x.sum() / size.prod()


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(3, 5),)]
