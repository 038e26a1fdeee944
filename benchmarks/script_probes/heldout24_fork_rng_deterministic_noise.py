# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class FixedNoiseAugment(nn.Module):
    def __init__(self, std: float = 0.1, seed: int = 7):
        super().__init__()
        self.std = std
        self.seed = seed
        self.fc = nn.Linear(4, 4)

    def forward(self, x: Tensor) -> Tensor:
        with torch.random.fork_rng():
            torch.manual_seed(self.seed)
            noise = torch.randn(x.shape) * self.std
        return self.fc(x + noise)


Model = FixedNoiseAugment


def inputs():
    torch.manual_seed(2451)
    return [(torch.randn(2, 4),), (torch.randn(3, 4),)]
