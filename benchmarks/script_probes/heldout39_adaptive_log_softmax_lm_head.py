# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AdaptiveLMHead(nn.Module):
    """Language-model head with an adaptive softmax over a long-tailed vocabulary."""

    def __init__(self, dim: int = 8, vocab: int = 40):
        super().__init__()
        self.proj = nn.Linear(dim, dim)
        self.asm = nn.AdaptiveLogSoftmaxWithLoss(dim, vocab, cutoffs=[10, 20], div_value=2.0)

    def forward(self, h: Tensor) -> Tensor:
        return self.asm.log_prob(self.proj(h))


Model = AdaptiveLMHead


def inputs():
    torch.manual_seed(3910)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
