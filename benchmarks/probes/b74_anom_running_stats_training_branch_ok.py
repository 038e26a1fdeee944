# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Streaming anomaly z-score: running mean/var buffers are updated only while training; at
    inference the score is a pure function of the input."""

    def __init__(self, d: int = 5, momentum: float = 0.1):
        super().__init__()
        self.momentum = momentum
        self.register_buffer("mean", torch.zeros(d))
        self.register_buffer("var", torch.ones(d))
        self.proj = nn.Linear(d, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = self.proj(x)
        if self.training and 1 < x.shape[0] <= 4096:
            with torch.no_grad():
                self.mean.lerp_(h.mean(0), self.momentum)
                self.var.lerp_(h.var(0), self.momentum)
        z = (h - self.mean) / self.var.clamp_min(1e-5).sqrt()
        return z.pow(2).sum(-1).sqrt()


def inputs():
    torch.manual_seed(7413)
    return [(torch.randn(6, 5),), (torch.randn(3, 5) * 4,)]
