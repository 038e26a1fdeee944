# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiKernelBranch(nn.Module):
    """Inception-style block: every branch is padded to the widest kernel."""

    def __init__(self, channels: int = 4):
        super().__init__()
        self.kernel_sizes = [1, 3, 5]
        self.branches = nn.ModuleList(
            [nn.Conv2d(channels, channels, k) for k in self.kernel_sizes]
        )

    def forward(self, x):
        pad = max(*self.kernel_sizes) // 2
        x = F.pad(x, (pad, pad, pad, pad), mode="replicate")
        h, w = x.shape[-2] - 2 * pad, x.shape[-1] - 2 * pad
        outs = []
        for branch in self.branches:
            y = branch(x)
            dh = (y.shape[-2] - h) // 2
            dw = (y.shape[-1] - w) // 2
            outs.append(y[..., dh : dh + h, dw : dw + w])
        return torch.cat(outs, dim=1)


Model = MultiKernelBranch


def inputs():
    torch.manual_seed(2601)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 7, 9),)]
