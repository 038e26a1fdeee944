# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class EarlyExitEncoder(nn.Module):
    """Encoder that stops at the first stage whose confidence clears a threshold."""

    def __init__(self, dim: int = 8, depth: int = 3, threshold: float = 0.9):
        super().__init__()
        self.stages = nn.ModuleList([nn.Linear(dim, dim) for _ in range(depth)])
        self.exit_head = nn.Linear(dim, 1)
        self.threshold = threshold

    def forward(self, x: Tensor) -> Tensor:
        for stage in self.stages:
            x = torch.tanh(stage(x))
            conf = torch.sigmoid(self.exit_head(x)).mean()
            if bool(conf > self.threshold):
                break
        else:
            x = x * 0.5
        return x


Model = EarlyExitEncoder


def inputs():
    torch.manual_seed(4001)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
