# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TemperatureScaler(nn.Module):
    def __init__(self, t: float = 1.7):
        super().__init__()
        self.register_buffer("log_t", torch.tensor(t).log())

    @property
    def temperature(self) -> torch.Tensor:
        return self.log_t.exp().clamp(min=1e-3)

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        return logits / self.temperature


class Model(nn.Module):
    """Calibrated classifier: the temperature lives in a buffer (log space) and stays a tensor."""

    def __init__(self, dim: int = 6, n_cls: int = 4):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(dim, 8), nn.ReLU(), nn.Linear(8, n_cls))
        self.calib = TemperatureScaler()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.calib(self.net(x)).softmax(-1)


def inputs():
    torch.manual_seed(7028)
    return [(torch.randn(3, 6),), (torch.randn(5, 6),)]
