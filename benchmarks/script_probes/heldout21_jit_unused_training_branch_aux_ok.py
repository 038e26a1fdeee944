# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, Tensor


class DeepSupervision(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.body = nn.Sequential(nn.Linear(dim, dim), nn.ReLU())
        self.aux = nn.Linear(dim, dim)
        self.head = nn.Linear(dim, 2)

    @torch.jit.unused
    def aux_branch(self, h: Tensor) -> Tensor:
        return self.aux(h).tanh()

    def forward(self, x: Tensor) -> Tensor:
        h = self.body(x)
        if self.training:
            h = h + 0.1 * self.aux_branch(h)
        return self.head(h)


Model = DeepSupervision


def inputs():
    torch.manual_seed(2113)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
