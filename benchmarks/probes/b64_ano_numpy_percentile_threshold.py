# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class Model(nn.Module):
    """Anomaly scorer: reconstruction error, then a robust threshold taken as the 90th
    percentile of the batch's errors, computed with numpy."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.enc = nn.Linear(d, 4)
        self.dec = nn.Linear(4, d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        err = (self.dec(self.enc(x).relu()) - x).pow(2).mean(dim=1)
        thresh = float(np.percentile(err.detach().numpy(), 90.0))  # breaks: compile,export,trace,script
        return torch.sigmoid(err - thresh)


def inputs():
    torch.manual_seed(6401)
    return [(torch.randn(16, 12),), (torch.randn(16, 12) * 3,)]
