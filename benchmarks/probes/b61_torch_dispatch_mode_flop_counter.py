# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.utils._python_dispatch import TorchDispatchMode


class MatmulCounter(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.count = 0

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func in (torch.ops.aten.mm.default, torch.ops.aten.addmm.default):
            self.count += 1
        return func(*args, **(kwargs or {}))


class Model(nn.Module):
    """MLP that counts its own matmul kernels at dispatch level (profiling aid left in)."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 32), nn.ReLU(), nn.Linear(32, dim))
        self.last_mm_count = 0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        with MatmulCounter() as counter:
            y = self.net(x)
        self.last_mm_count = counter.count
        return y


def inputs():
    torch.manual_seed(6115)
    return [(torch.randn(4, 16),), (torch.randn(9, 16),)]
