# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


@torch.jit.interface
class LayerInterface(nn.Module):
    def forward(self, x: Tensor) -> Tensor:
        pass


class ExitHeads(nn.Module):
    """Early-exit classifier: one linear head per depth, picked by an int."""

    def __init__(self, dim=12, num_exits=3, num_classes=4):
        super().__init__()
        self.heads = nn.ModuleList([nn.Linear(dim, num_classes) for _ in range(num_exits)])

    def forward(self, x: Tensor, exit_idx: int) -> Tensor:
        head: LayerInterface = self.heads[exit_idx]
        return head(x.mean(dim=1))


Model = ExitHeads


def inputs():
    torch.manual_seed(182)
    return [(torch.randn(2, 5, 12), 0), (torch.randn(3, 2, 12), 2)]
