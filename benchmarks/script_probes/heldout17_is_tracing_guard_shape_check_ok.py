# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PatchEmbed(nn.Module):
    def __init__(self, patch=2, dim=6):
        super().__init__()
        self.patch = patch
        self.proj = nn.Conv2d(3, dim, patch, stride=patch)

    def forward(self, x):
        if not torch.jit.is_tracing():
            torch._assert(x.shape[-1] % self.patch == 0, "width must divide by patch size")
        return self.proj(x).flatten(2).transpose(1, 2)


Model = PatchEmbed


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 6, 8),)]
