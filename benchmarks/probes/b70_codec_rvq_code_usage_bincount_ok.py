# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CodebookStage(nn.Module):
    def __init__(self, size: int = 6, dim: int = 4):
        super().__init__()
        self.size = size
        self.codes = nn.Parameter(torch.randn(size, dim))

    def forward(self, residual: torch.Tensor):
        idx = torch.cdist(residual, self.codes).argmin(-1)
        return self.codes[idx], idx


class Model(nn.Module):
    """Residual VQ audio codec bottleneck that also reports codebook usage per stage."""

    def __init__(self, n_q: int = 2, dim: int = 4):
        super().__init__()
        self.stages = nn.ModuleList([CodebookStage(6, dim) for _ in range(n_q)])

    def forward(self, z: torch.Tensor):
        residual = z
        quantised = torch.zeros_like(z)
        usage = []
        for stage in self.stages:
            q, idx = stage(residual)
            quantised = quantised + q
            residual = residual - q
            usage.append(torch.bincount(idx, minlength=stage.size).float())
        return quantised, torch.stack(usage)


def inputs():
    torch.manual_seed(7003)
    return [(torch.randn(12, 4),), (torch.randn(12, 4) * 3,)]
