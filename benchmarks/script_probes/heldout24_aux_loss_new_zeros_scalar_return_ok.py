# ruff: noqa  (a probe is written as users write models)
from typing import Tuple

import torch
import torch.nn as nn
from torch import Tensor


class MoEGate(nn.Module):
    def __init__(self, dim: int = 4, experts: int = 3):
        super().__init__()
        self.gate = nn.Linear(dim, experts)
        self.use_balance_loss = False

    def balance_loss(self, probs: Tensor) -> Tensor:
        if not self.use_balance_loss:
            return probs.new_zeros(())
        load = probs.mean(0)
        return (load * load).sum() * probs.shape[-1]

    def forward(self, x: Tensor) -> Tuple[Tensor, Tensor]:
        probs = self.gate(x).softmax(-1)
        aux = self.balance_loss(probs)
        return probs, probs.sum() * 0 + aux


Model = MoEGate


def inputs():
    torch.manual_seed(2435)
    return [(torch.randn(2, 4),), (torch.randn(6, 4),)]
