# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


class SoftmaxHead(nn.Module):
    def __init__(self, dim: int = 8, classes: int = 5):
        super().__init__()
        self.fc = nn.Linear(dim, classes)

    def forward(self, x, dtype: Optional[torch.dtype] = None):
        logits = self.fc(x)
        if dtype is not None:
            logits = logits.to(dtype)
        return torch.log_softmax(logits, dim=-1)


Model = SoftmaxHead


def inputs():
    torch.manual_seed(2317)
    return [(torch.randn(2, 8),), (torch.randn(3, 8), torch.float64)]
