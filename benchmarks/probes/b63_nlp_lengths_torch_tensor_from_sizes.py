# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Encoder that builds full-length `lengths` for an unpadded batch and returns a masked mean."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.proj = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, t = x.shape[:2]
        lengths = torch.tensor([t] * b)  # breaks: trace
        mask = torch.arange(t)[None, :] < lengths[:, None]
        h = self.proj(x) * mask[..., None]
        return h.sum(1) / lengths[:, None]


def inputs():
    torch.manual_seed(6312)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 8, 16),)]
