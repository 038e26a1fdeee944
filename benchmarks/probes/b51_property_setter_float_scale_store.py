# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AbsMaxObserver(nn.Module):
    """Tracks the activation range; the scale is stored through a property setter as a float."""

    def __init__(self, bits: int = 8):
        super().__init__()
        self.qmax = 2 ** (bits - 1) - 1
        self._scale = 1.0

    @property
    def scale(self) -> float:
        return self._scale

    @scale.setter
    def scale(self, value) -> None:
        self._scale = float(value)

    def forward(self, x: Tensor) -> Tensor:
        self.scale = x.detach().abs().amax().clamp(min=1e-8) / self.qmax
        q = torch.clamp(torch.round(x / self.scale), -self.qmax, self.qmax)
        return (q * self.scale - x).detach() + x


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(8, 8)
        self.obs = AbsMaxObserver()
        self.fc2 = nn.Linear(8, 4)

    def forward(self, x):
        return self.fc2(self.obs(torch.relu(self.fc1(x))))


def inputs():
    torch.manual_seed(5125)
    return [(torch.randn(3, 8),), (torch.randn(5, 8) * 3,)]
