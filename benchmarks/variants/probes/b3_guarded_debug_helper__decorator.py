import functools
import torch
from torch import nn


def log_stats(name: str, t: torch.Tensor) -> None:
    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
        print(f"{name}: mean={t.mean().item():.3f}")


def passthrough(fn):
    """Calls ``fn`` unchanged (as a logging or profiling decorator would)."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs)

    return wrapper


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 16)
        self.fc2 = nn.Linear(16, 8)

    @passthrough
    def forward(self, x):
        h = self.fc1(x).relu()
        log_stats("hidden", h)
        return self.fc2(h)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
