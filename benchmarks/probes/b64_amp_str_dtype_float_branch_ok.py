# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Norm layer that upcasts half-precision inputs, deciding on the dtype's name (a
    Python string of the dtype, a fact of the input's type, not of its values)."""

    def __init__(self, d: int = 12):
        super().__init__()
        self.norm = nn.LayerNorm(d)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if "float16" in str(x.dtype):
            return self.norm(x.float()).to(x.dtype)
        return self.norm(x)


def inputs():
    torch.manual_seed(6430)
    return [(torch.randn(3, 12),), (torch.randn(2, 5, 12),)]
