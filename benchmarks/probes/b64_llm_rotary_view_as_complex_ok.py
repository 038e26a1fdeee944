# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Rotary position embedding in complex form: pairs of channels become complex numbers
    multiplied by unit phasors, then viewed back as real."""

    def __init__(self, d: int = 8, max_len: int = 32):
        super().__init__()
        freqs = 1.0 / (10000.0 ** (torch.arange(0, d, 2).float() / d))
        ang = torch.outer(torch.arange(max_len).float(), freqs)
        self.register_buffer("cos", torch.cos(ang))
        self.register_buffer("sin", torch.sin(ang))

    def forward(self, q: torch.Tensor) -> torch.Tensor:
        t = q.shape[1]
        qc = torch.view_as_complex(q.float().reshape(q.shape[0], t, -1, 2).contiguous())
        rot = torch.complex(self.cos[:t], self.sin[:t])
        return torch.view_as_real(qc * rot).flatten(2)


def inputs():
    torch.manual_seed(6424)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 9, 8),)]
