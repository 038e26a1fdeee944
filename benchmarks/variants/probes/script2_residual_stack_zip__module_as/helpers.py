import torch
from torch import nn


def model_forward(self, x):
    for block, gain in zip(self.blocks, self.gains):
        x = x + gain * torch.relu(block(x))
    return x
