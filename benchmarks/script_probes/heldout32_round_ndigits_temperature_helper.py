# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AnnealedSoftmaxHead(nn.Module):
    """Classifier head whose softmax temperature is annealed; the temperature is rounded to a
    few digits so logged values match the config."""

    def __init__(self, dim: int = 8, classes: int = 5, base_temp: float = 1.7, decay: float = 0.93):
        super().__init__()
        self.proj = nn.Linear(dim, classes)
        self.base_temp = base_temp
        self.decay = decay

    def temperature(self) -> float:
        return round(self.base_temp * self.decay, 3)

    def forward(self, x: Tensor) -> Tensor:
        return torch.softmax(self.proj(x) / self.temperature(), dim=-1)


Model = AnnealedSoftmaxHead


def inputs():
    torch.manual_seed(3201)
    return [(torch.randn(4, 8),), (torch.randn(2, 8),)]
