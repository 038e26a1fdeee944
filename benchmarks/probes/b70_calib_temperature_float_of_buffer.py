# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TemperatureScaler(nn.Module):
    """Post-hoc calibration: logits divided by a temperature fitted offline and kept as a buffer."""

    def __init__(self, t: float = 1.7):
        super().__init__()
        self.register_buffer("temperature", torch.tensor(t))

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        t = float(self.temperature)  # breaks: compile,export
        return logits / max(t, 1e-3)


class Model(nn.Module):
    def __init__(self, dim: int = 6, n_cls: int = 4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, n_cls))
        self.calib = TemperatureScaler()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.calib(self.net(x)).softmax(-1)


def inputs():
    torch.manual_seed(7027)
    return [(torch.randn(3, 6),), (torch.randn(3, 6),)]
