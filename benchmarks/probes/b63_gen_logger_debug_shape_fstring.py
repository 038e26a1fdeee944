# ruff: noqa  (a probe is written as users write models)
import logging

import torch
import torch.nn as nn

logger = logging.getLogger("gen.decoder")


class Model(nn.Module):
    """Decoder block that logs its input shape on every call (logger level left at WARNING)."""

    def __init__(self, dim: int = 16):
        super().__init__()
        self.norm = nn.LayerNorm(dim)
        self.ff = nn.Linear(dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        logger.debug(f"decoder block input {tuple(x.shape)}")  # breaks: compile,script
        return x + self.ff(self.norm(x))


def inputs():
    torch.manual_seed(6310)
    return [(torch.randn(2, 4, 16),), (torch.randn(1, 9, 16),)]
