# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.utils.checkpoint as cp
from torch import Tensor


class DenseLayer(nn.Module):
    """DenseNet-style layer: the memory-efficient path goes through checkpointing, kept out of
    TorchScript with @torch.jit.unused, and is switched on by the config."""

    def __init__(self, ch: int = 6, memory_efficient: bool = True):
        super().__init__()
        self.norm = nn.BatchNorm1d(ch)
        self.fc = nn.Linear(ch, ch)
        self.memory_efficient = memory_efficient

    def bottleneck(self, x: Tensor) -> Tensor:
        return self.fc(torch.relu(self.norm(x)))

    @torch.jit.unused
    def checkpointed(self, x: Tensor) -> Tensor:
        return cp.checkpoint(self.bottleneck, x, use_reentrant=False)

    def forward(self, x: Tensor) -> Tensor:
        if self.memory_efficient:
            return self.checkpointed(x)
        return self.bottleneck(x)


Model = DenseLayer


def inputs():
    torch.manual_seed(3207)
    return [(torch.randn(4, 6),), (torch.randn(3, 6),)]
