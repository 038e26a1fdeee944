import torch
from torch import nn
from torch.overrides import TorchFunctionMode


class OpCounter(TorchFunctionMode):
    def __init__(self):
        super().__init__()
        self.calls = 0

    def __torch_function__(self, func, types, args=(), kwargs=None):
        self.calls += 1
        return func(*args, **(kwargs or {}))


class Model(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, dim), nn.SiLU(), nn.Linear(dim, dim))
        self.op_calls = 0

    def forward(self, x):
        with OpCounter() as counter:
            y = self.net(x)
        self.op_calls = counter.calls  # breaks: compile
        return y


def inputs():
    torch.manual_seed(10)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
