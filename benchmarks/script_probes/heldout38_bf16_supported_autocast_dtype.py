# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class MixedPrecisionHead(nn.Module):
    """Runs its projection in bfloat16 where the GPU supports it, in float16 on older GPUs."""

    def __init__(self, dim: int = 8, classes: int = 4):
        super().__init__()
        self.proj = nn.Linear(dim, classes)

    def forward(self, x: Tensor) -> Tensor:
        if not x.is_cuda:
            return self.proj(x)
        dtype = torch.bfloat16 if torch.cuda.is_bf16_supported() else torch.float16
        return self.proj(x.to(dtype)).float()


Model = MixedPrecisionHead


def inputs():
    torch.manual_seed(3817)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
