# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class StatefulNormalizer(nn.Module):
    """Input normaliser that refuses to fold inference-mode tensors into its running mean."""

    def __init__(self, dim: int = 8, momentum: float = 0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("running_mean", torch.zeros(dim))

    def forward(self, x: Tensor) -> Tensor:
        mean = x.mean(dim=(0, 1))
        if self.training and not x.is_inference():
            self.running_mean.mul_(1 - self.momentum).add_(mean.detach() * self.momentum)
            return x - mean
        return x - self.running_mean


Model = StatefulNormalizer


def inputs():
    torch.manual_seed(3824)
    return [(torch.randn(2, 4, 8),), (torch.randn(1, 3, 8),)]
