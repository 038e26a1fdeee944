# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MonitoredClassifier(nn.Module):
    """Logs activation statistics through numpy in training only; the helper is @torch.jit.unused."""

    def __init__(self, d: int = 6, classes: int = 3):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(d, 8), nn.ReLU())
        self.head = nn.Linear(8, classes)
        self.last_std = 0.0

    @torch.jit.unused
    def _log_stats(self, h: Tensor) -> None:
        self.last_std = float(h.detach().cpu().numpy().std())

    def forward(self, x: Tensor) -> Tensor:
        h = self.body(x)
        if self.training:
            self._log_stats(h)
        return self.head(h)


Model = MonitoredClassifier


def inputs():
    torch.manual_seed(5228)
    return [(torch.randn(4, 6),), (torch.randn(2, 3, 6),)]
