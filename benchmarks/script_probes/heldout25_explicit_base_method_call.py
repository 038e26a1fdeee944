# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class BaseBlock(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.norm = nn.LayerNorm(dim)

    def pre_norm(self, x):
        return self.norm(x)


class GatedBlock(BaseBlock):
    def __init__(self, dim: int = 6):
        super().__init__(dim)
        self.fc = nn.Linear(dim, 2 * dim)

    def pre_norm(self, x):
        # extend the parent's pre-norm with a gate
        y = BaseBlock.pre_norm(self, x)
        a, b = self.fc(y).chunk(2, dim=-1)
        return a * torch.sigmoid(b)

    def forward(self, x):
        return x + F.gelu(self.pre_norm(x))


Model = GatedBlock


def inputs():
    torch.manual_seed(2505)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
