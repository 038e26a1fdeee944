# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokenPool(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def forward(self, x: torch.tensor) -> torch.tensor:
        return self.norm(x).mean(dim=1)


Model = TokenPool


def inputs():
    torch.manual_seed(2433)
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
