import torch
from torch import nn


def model_forward(self, x, mask):
    if not mask.any():  # breaks: compile,export,trace
        return x
    h = self.fc(x)
    return torch.where(mask[:, None], h, x)
