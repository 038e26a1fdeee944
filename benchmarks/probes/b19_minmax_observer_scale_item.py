import torch
from torch import nn


class MinMaxObserver(nn.Module):
    def __init__(self, bits=8, symmetric=True):
        super().__init__()
        self.qmax = 2 ** (bits - 1) - 1
        self.symmetric = symmetric
        self.register_buffer("min_val", torch.tensor(float("inf")))
        self.register_buffer("max_val", torch.tensor(float("-inf")))

    def forward(self, x):
        self.min_val.copy_(torch.minimum(self.min_val, x.detach().min()))
        self.max_val.copy_(torch.maximum(self.max_val, x.detach().max()))
        return x

    def calculate_qparams(self):
        amax = max(abs(self.min_val.item()), abs(self.max_val.item()))  # breaks: compile,export,trace
        return max(amax, 1e-8) / self.qmax


class FakeQuantLinear(nn.Linear):
    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.act_obs = MinMaxObserver()

    def forward(self, x):
        x = self.act_obs(x)
        scale = self.act_obs.calculate_qparams()
        xq = torch.clamp(torch.round(x / scale), -128, 127) * scale
        return super().forward(xq)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = FakeQuantLinear(8, 16)
        self.fc2 = FakeQuantLinear(16, 4)

    def forward(self, x):
        return self.fc2(self.fc1(x).relu())


def inputs():
    torch.manual_seed(7)
    return [(torch.randn(3, 8),), (torch.randn(3, 8) * 5,), (torch.randn(6, 8) * 0.1,)]
