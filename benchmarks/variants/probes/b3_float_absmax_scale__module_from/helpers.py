import torch
from torch import nn


def model_forward(self, x):
    scale = float(x.abs().max()) / 127.0  # breaks: compile,export,trace
    q = torch.round(x / scale).clamp(-127, 127)
    return self.fc(q * scale)
