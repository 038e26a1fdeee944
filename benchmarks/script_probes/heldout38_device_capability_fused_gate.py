# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class GatedMLP(nn.Module):
    """SwiGLU MLP that takes a fused bf16 path on Ampere or newer GPUs."""

    def __init__(self, dim: int = 8, hidden: int = 16):
        super().__init__()
        self.w12 = nn.Linear(dim, 2 * hidden)
        self.w3 = nn.Linear(hidden, dim)

    def _use_fused(self, x: Tensor) -> bool:
        return x.is_cuda and torch.cuda.get_device_capability(x.device)[0] >= 8

    def forward(self, x: Tensor) -> Tensor:
        h = self.w12(x.to(torch.bfloat16) if self._use_fused(x) else x)
        a, b = h.float().chunk(2, dim=-1)
        return self.w3(F.silu(a) * b)


Model = GatedMLP


def inputs():
    torch.manual_seed(3805)
    return [(torch.randn(2, 5, 8),), (torch.randn(1, 2, 8),)]
