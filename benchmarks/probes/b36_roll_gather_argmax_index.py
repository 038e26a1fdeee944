# ruff: noqa  (a probe is written as users write models)
import torch
from torch import Tensor, nn


def align_to_peak(signal: Tensor) -> Tensor:
    """Circularly shift each envelope so its peak sits at index 0, with tensor indexing only."""
    length = signal.size(-1)
    peak = signal.abs().argmax(dim=-1, keepdim=True)
    idx = (torch.arange(length, device=signal.device) + peak) % length
    return signal.gather(-1, idx)


class PeakAlignedEncoder(nn.Module):
    def __init__(self, length=16):
        super().__init__()
        self.proj = nn.Linear(length, 8)

    def forward(self, x):
        return self.proj(align_to_peak(x))


Model = PeakAlignedEncoder


def inputs():
    torch.manual_seed(3606)
    a = torch.randn(3, 16)
    a[:, 2] += 6.0
    b = torch.randn(3, 16)
    b[:, 11] += 6.0
    return [(a,), (b,)]
