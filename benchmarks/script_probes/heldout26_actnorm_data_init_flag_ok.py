# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ActNorm(nn.Module):
    """Glow-style ActNorm: data-dependent init on the first batch, tracked by a bool attr."""

    def __init__(self, dim: int = 4):
        super().__init__()
        self.loc = nn.Parameter(torch.zeros(dim))
        self.log_scale = nn.Parameter(torch.zeros(dim))
        self.initialized = False

    def forward(self, x):
        if not self.initialized:
            with torch.no_grad():
                self.loc.data.copy_(-x.mean(0))
                self.log_scale.data.copy_(-torch.log(x.std(0) + 1e-6))
            self.initialized = True
        y = (x + self.loc) * torch.exp(self.log_scale)
        logdet = self.log_scale.sum().expand(x.shape[0])
        return y, logdet


Model = ActNorm


def inputs():
    torch.manual_seed(2625)
    return [(torch.randn(6, 4) * 3 + 1,), (torch.randn(9, 4),)]
