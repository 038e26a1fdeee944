# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class L2NormHead(nn.Module):
    def __init__(self, dim: int = 8, out: int = 4):
        super().__init__()
        self.fc = nn.Linear(dim, out)

    @staticmethod
    def l2norm(t: Tensor, eps: float = 1e-6) -> Tensor:
        return t / torch.linalg.vector_norm(t, dim=-1, keepdim=True).clamp_min(eps)

    def forward(self, x: Tensor) -> Tensor:
        return type(self).l2norm(self.fc(x))


Model = L2NormHead


def inputs():
    torch.manual_seed(2008)
    return [(torch.randn(2, 8),), (torch.randn(3, 2, 8),)]
