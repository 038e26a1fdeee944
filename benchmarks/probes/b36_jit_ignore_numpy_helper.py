# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn


class RobustScaler(nn.Module):
    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    @torch.jit.ignore
    def median_scale(self, x: torch.Tensor) -> torch.Tensor:
        med = np.median(np.abs(x.detach().cpu().numpy()), axis=-1, keepdims=True)
        return torch.as_tensor(med, dtype=x.dtype) + 1e-6

    def forward(self, x):
        h = self.fc(x)
        return h / self.median_scale(h)


Model = RobustScaler


def inputs():
    torch.manual_seed(3613)
    return [(torch.randn(3, 6),), (torch.randn(3, 6) * 4,), (torch.randn(2, 6),)]
