import numpy as np
import torch
import torch.nn as nn


def robust_clip(x, q=99.0):
    hi = np.percentile(x.detach().cpu().numpy(), q)  # breaks: export,trace
    return x.clamp(-float(hi), float(hi))  # breaks: compile


class SpectrogramNorm(nn.Module):
    def __init__(self, bins=10):
        super().__init__()
        self.scale = nn.Parameter(torch.ones(bins))

    def forward(self, spec):
        spec = robust_clip(spec)
        return spec * self.scale


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(2, 6, 10),), (torch.randn(2, 6, 10) * 5,), (torch.randn(3, 4, 10),)]


Model = SpectrogramNorm
