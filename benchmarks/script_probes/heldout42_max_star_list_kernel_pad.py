# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MultiKernelConv(nn.Module):
    """Mixed-kernel depthwise conv: pads once for the largest kernel, then crops per branch."""

    def __init__(self, ch: int = 4):
        super().__init__()
        self.kernel_sizes = [3, 5, 7]
        self.convs = nn.ModuleList(
            [nn.Conv1d(ch, ch, k, groups=ch) for k in self.kernel_sizes]
        )

    def forward(self, x: Tensor) -> Tensor:
        p = max(*self.kernel_sizes) // 2
        xp = nn.functional.pad(x, (p, p))
        out = torch.zeros_like(x)
        for conv in self.convs:
            k = conv.kernel_size[0]
            off = p - k // 2
            out = out + conv(xp[..., off : xp.shape[-1] - off])
        return out


Model = MultiKernelConv


def inputs():
    torch.manual_seed(4215)
    return [(torch.randn(2, 4, 12),), (torch.randn(1, 4, 9),)]
