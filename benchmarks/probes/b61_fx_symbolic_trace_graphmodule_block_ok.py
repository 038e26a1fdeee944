# ruff: noqa  (a probe is written as users write models)
import torch
import torch.fx
import torch.nn as nn


class MLPBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(dim, 2 * dim), nn.Linear(2 * dim, dim)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return x + self.fc2(torch.relu(self.fc1(x)))


def swap_relu_for_gelu(m: nn.Module) -> torch.fx.GraphModule:
    """Graph surgery done once at build time with torch.fx: every relu becomes gelu."""
    gm = torch.fx.symbolic_trace(m)
    for node in gm.graph.nodes:
        if node.op == "call_function" and node.target is torch.relu:
            node.target = torch.nn.functional.gelu
    gm.recompile()
    return gm


class Model(nn.Module):
    def __init__(self, dim: int = 16):
        super().__init__()
        self.blocks = nn.ModuleList([swap_relu_for_gelu(MLPBlock(dim)) for _ in range(2)])
        self.out = nn.Linear(dim, 3)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for blk in self.blocks:
            x = blk(x)
        return self.out(x)


def inputs():
    torch.manual_seed(6132)
    return [(torch.randn(4, 16),), (torch.randn(9, 16),)]
