# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class TokenizerBase(nn.Module):
    @property
    def num_prefix_tokens(self) -> int:
        raise NotImplementedError

    def forward(self, x: Tensor) -> Tensor:
        # drop the prefix tokens (cls / register tokens) before pooling
        return x[:, self.num_prefix_tokens :].mean(1)


class ViTPooler(TokenizerBase):
    """Pooler whose prefix-token count is given by a property the subclass overrides."""

    def __init__(self, registers: int = 2):
        super().__init__()
        self.registers = registers

    @property
    def num_prefix_tokens(self) -> int:
        return 1 + self.registers


Model = ViTPooler


def inputs():
    torch.manual_seed(4226)
    return [(torch.randn(2, 7, 8),), (torch.randn(1, 5, 8),)]
