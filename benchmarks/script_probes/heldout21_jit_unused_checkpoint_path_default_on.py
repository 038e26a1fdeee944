# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor
from torch.utils.checkpoint import checkpoint


class Stage(nn.Module):
    def __init__(self, dim: int = 8, depth: int = 2, grad_checkpointing: bool = True):
        super().__init__()
        self.blocks = nn.Sequential(*[nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(depth)])
        self.grad_checkpointing = grad_checkpointing

    @torch.jit.unused
    def _forward_ckpt(self, x: Tensor) -> Tensor:
        return checkpoint(self.blocks, x, use_reentrant=False)

    def forward(self, x: Tensor) -> Tensor:
        if self.grad_checkpointing:
            return self._forward_ckpt(x)
        return self.blocks(x)


Model = Stage


def inputs():
    torch.manual_seed(2132)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
