# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AntiAliasBlur(nn.Module):
    """Vision: a fixed binomial blur applied per channel, the kernel repeated and groups= read from the input."""

    def __init__(self):
        super().__init__()
        k = torch.tensor([1.0, 2.0, 1.0])
        k2 = k[:, None] * k[None, :]
        self.register_buffer("kernel", (k2 / k2.sum())[None, None])

    def forward(self, x):
        c = x.shape[1]
        w = self.kernel.repeat(c, 1, 1, 1)
        x = F.pad(x, (1, 1, 1, 1), mode="reflect")
        return F.conv2d(x, w, stride=2, groups=c)


Model = AntiAliasBlur


def inputs():
    torch.manual_seed(5505)
    return [(torch.randn(2, 4, 16, 16),), (torch.randn(1, 6, 12, 10),)]
