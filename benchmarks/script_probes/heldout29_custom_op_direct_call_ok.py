# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.library.custom_op("heldout29::soft_threshold", mutates_args=())
def soft_threshold(x: Tensor, lam: float) -> Tensor:
    return torch.sign(x) * torch.clamp(x.abs() - lam, min=0.0)


@soft_threshold.register_fake
def _(x, lam):
    return torch.empty_like(x)


class LISTABlock(nn.Module):
    """Unrolled sparse coding (LISTA) step calling a torch.library custom op by its Python name."""

    def __init__(self, n: int = 6, m: int = 8):
        super().__init__()
        self.W = nn.Linear(n, m, bias=False)
        self.S = nn.Linear(m, m, bias=False)
        self.lam = 0.1

    def forward(self, y: Tensor) -> Tensor:
        z = soft_threshold(self.W(y), self.lam)
        for _ in range(2):
            z = soft_threshold(self.W(y) + self.S(z), self.lam)
        return z


Model = LISTABlock


def inputs():
    torch.manual_seed(2922)
    return [(torch.randn(3, 6),), (torch.randn(1, 6),)]
