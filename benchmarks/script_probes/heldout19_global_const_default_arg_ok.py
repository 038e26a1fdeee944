# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

DEFAULT_TEMPERATURE = 0.07
LOGIT_CLAMP = 100.0


class ContrastiveHead(nn.Module):
    def __init__(self, dim: int = 6, proj: int = 4):
        super().__init__()
        self.img = nn.Linear(dim, proj)
        self.txt = nn.Linear(dim, proj)

    def forward(self, a: Tensor, b: Tensor, temperature: float = DEFAULT_TEMPERATURE, clamp: float = LOGIT_CLAMP) -> Tensor:
        za = F.normalize(self.img(a), dim=-1)
        zb = F.normalize(self.txt(b), dim=-1)
        return (za @ zb.t() / temperature).clamp(max=clamp)


Model = ContrastiveHead


def inputs():
    torch.manual_seed(1931)
    return [(torch.randn(2, 6), torch.randn(3, 6)), (torch.randn(4, 6), torch.randn(4, 6))]
