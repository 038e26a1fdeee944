import torch
from torch import nn


def model_forward(self, x):
    best = int(torch.argmax(x[0]))
    return x[:, best]


class Model(nn.Module):
    def forward(self, x):
        return model_forward(self, x)


def inputs():
    return [(torch.tensor([[0.0, 5.0, 1.0], [1.0, 2.0, 3.0]]),), (torch.tensor([[9.0, 0.0, 1.0], [4.0, 2.0, 3.0]]),)]
