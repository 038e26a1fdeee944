# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BlockFloatLinear(nn.Module):
    """Efficient inference: activations snapped to block floating point; torch.frexp gives each row's shared exponent."""

    def __init__(self, mant_bits: int = 4):
        super().__init__()
        self.lin = nn.Linear(8, 4)
        self.mant_bits = mant_bits

    def forward(self, x):
        _, exp = torch.frexp(x.abs().amax(-1, keepdim=True))
        step = torch.ldexp(torch.ones_like(x[..., :1]), exp - self.mant_bits)
        xq = torch.round(x / step) * step
        return self.lin(xq)


Model = BlockFloatLinear


def inputs():
    torch.manual_seed(5529)
    return [(torch.randn(3, 8) * 3,), (torch.randn(5, 8) * 0.2,)]
