import torch
from torch import nn


def log_stats(name: str, t: torch.Tensor) -> None:
    if not torch.compiler.is_compiling() and not torch.jit.is_tracing():
        print(f"{name}: mean={t.mean().item():.3f}")


def model_forward(self, x):
    h = self.fc1(x).relu()
    log_stats("hidden", h)
    return self.fc2(h)
