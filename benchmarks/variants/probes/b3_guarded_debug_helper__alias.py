import torch as T
from torch import nn as tnn
from torch import jit


def log_stats(name: str, t: T.Tensor) -> None:
    if not T.compiler.is_compiling() and not jit.is_tracing():
        print(f"{name}: mean={t.mean().item():.3f}")


class Model(tnn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = tnn.Linear(8, 16)
        self.fc2 = tnn.Linear(16, 8)

    def forward(self, x):
        h = self.fc1(x).relu()
        log_stats("hidden", h)
        return self.fc2(h)


def inputs():
    return [(T.randn(2, 8),), (T.randn(3, 8),)]
