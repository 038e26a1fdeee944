# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class BroadcastGate(nn.Module):
    """Gates a feature map with a conditioning vector whose rank may differ."""

    def __init__(self, c: int = 6):
        super().__init__()
        self.to_gate = nn.Linear(c, c)

    def forward(self, x: Tensor, cond: Tensor) -> Tensor:
        g = torch.sigmoid(self.to_gate(cond))
        g = g.reshape(g.shape[0], -1, *([1] * (x.dim() - 2)))
        shape = torch.broadcast_shapes(x.shape, g.shape)
        return x.expand(shape) * g.expand(shape) + x


Model = BroadcastGate


def inputs():
    torch.manual_seed(5108)
    return [(torch.randn(2, 6, 4, 4), torch.randn(2, 6)), (torch.randn(3, 6, 5, 7), torch.randn(3, 6))]
