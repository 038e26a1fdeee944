import torch
from torch import nn


@torch.compiler.disable
def debug_stats(x):
    return x.mean()


def model_forward(self, x):
    y = self.fc(x)
    m = debug_stats(y)
    return y - m
