# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class SplitHeads(nn.Module):
    """Projects once, then splits the channels into box / objectness / class parts."""

    def __init__(self, dim: int = 8, num_classes: int = 3):
        super().__init__()
        self.sizes = [4, 1, num_classes]
        self.proj = nn.Linear(dim, sum(self.sizes))

    def forward(self, x: Tensor):
        y = self.proj(x)
        box, obj, cls = torch.split(y, split_size_or_sections=self.sizes, dim=-1)
        return box.sigmoid() * obj.sigmoid(), cls.softmax(-1)


Model = SplitHeads


def inputs():
    torch.manual_seed(2201)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
