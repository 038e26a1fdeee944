import torch
from torch import nn


def quantize_symmetric(x, num_bits: int = 8):
    qmax = 2 ** (num_bits - 1) - 1
    scale = float(x.abs().max()) / qmax  # breaks: compile,export,trace
    scale = max(scale, 1e-8)
    q = torch.clamp(torch.round(x / scale), -qmax - 1, qmax)
    return q * scale


class QuantLinear(nn.Linear):
    def __init__(self, *args, act_bits: int = 8, **kwargs):
        super().__init__(*args, **kwargs)
        self.act_bits = act_bits

    def forward(self, x):
        x = quantize_symmetric(x, self.act_bits)
        w = quantize_symmetric(self.weight, 8)
        return nn.functional.linear(x, w, self.bias)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = QuantLinear(8, 16)
        self.fc2 = QuantLinear(16, 4, act_bits=4)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


def inputs():
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 10,)]
