# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Dynamic convolution applied to the whole batch at once: unfold the patches and contract
    them with each sample's generated kernel."""

    def __init__(self, channels: int = 3, k: int = 3):
        super().__init__()
        self.c = channels
        self.k = k
        self.gen = nn.Linear(channels, channels * channels * k * k)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        b, c, h, w = x.shape
        kernels = self.gen(x.mean((2, 3))).view(b, self.c, self.c * self.k * self.k)
        patches = F.unfold(x, self.k, padding=self.k // 2)
        out = torch.einsum("bop,bpl->bol", kernels, patches)
        return out.view(b, self.c, h, w)


def inputs():
    torch.manual_seed(7017)
    return [(torch.randn(2, 3, 6, 6),), (torch.randn(3, 3, 5, 7),)]
