# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
import torch.nn as nn


class BlockDiagLinear(nn.Module):
    def __init__(self, groups: int = 3, size: int = 4):
        super().__init__()
        self.blocks = nn.ParameterList(
            [nn.Parameter(torch.randn(size, size) * 0.1) for _ in range(groups)]
        )

    def weight(self) -> torch.Tensor:
        mats = [w for w in self.blocks]
        return torch.block_diag(*mats)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x @ self.weight().t()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.mix = BlockDiagLinear()

    def forward(self, x):
        return torch.tanh(self.mix(x))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 12),), (torch.randn(5, 12),)]
