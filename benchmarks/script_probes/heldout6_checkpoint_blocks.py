# ruff: noqa  (a probe is written as users write models: typing.List, setattr, ...)
import torch
from torch import nn
from torch.utils.checkpoint import checkpoint


class MlpBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.fc1 = nn.Linear(dim, dim * 2)
        self.fc2 = nn.Linear(dim * 2, dim)

    def forward(self, x):
        return x + self.fc2(torch.relu(self.fc1(x)))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.ModuleList([MlpBlock(4) for _ in range(3)])
        self.grad_checkpointing = False

    def set_grad_checkpointing(self, enable: bool = True):
        self.grad_checkpointing = enable

    def forward(self, x):
        for blk in self.blocks:
            if self.grad_checkpointing and self.training:
                x = checkpoint(blk, x, use_reentrant=False)
            else:
                x = blk(x)
        return x


def inputs():
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
