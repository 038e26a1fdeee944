# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class StagedBackbone(nn.Module):
    """Backbone whose early stages can be frozen by name prefix; frozen stages run but their
    output is detached."""

    def __init__(self, frozen_prefixes=("stem", "stage1")):
        super().__init__()
        self.frozen_prefixes = tuple(frozen_prefixes)
        self.stages = nn.ModuleDict(
            {
                "stem": nn.Linear(4, 4),
                "stage1": nn.Linear(4, 4),
                "stage2": nn.Linear(4, 4),
            }
        )

    def forward(self, x: Tensor) -> Tensor:
        for name, stage in self.stages.items():
            x = stage(x)
            if name.startswith(self.frozen_prefixes):
                x = x.detach()
        return x


Model = StagedBackbone


def inputs():
    torch.manual_seed(3312)
    return [(torch.randn(2, 4),), (torch.randn(5, 4),)]
