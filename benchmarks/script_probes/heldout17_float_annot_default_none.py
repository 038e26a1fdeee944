# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class Distiller(nn.Module):
    def __init__(self):
        super().__init__()
        self.student = nn.Linear(8, 4)

    def forward(self, x: Tensor, temperature: float = None) -> Tensor:
        logits = self.student(x)
        if temperature is None:
            temperature = 1.0
        return torch.log_softmax(logits / temperature, dim=-1)


Model = Distiller


def inputs():
    torch.manual_seed(24)
    return [(torch.randn(2, 8),), (torch.randn(3, 8), 2.0)]
