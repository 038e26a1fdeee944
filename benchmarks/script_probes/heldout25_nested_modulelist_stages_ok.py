# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Stages(nn.Module):
    def __init__(self, dim: int = 4, depths=(1, 2, 1)):
        super().__init__()
        self.stages = nn.ModuleList(
            nn.ModuleList(nn.Sequential(nn.Linear(dim, dim), nn.GELU()) for _ in range(d)) for d in depths
        )

    def forward(self, x):
        outs = []
        for stage in self.stages:
            for block in stage:
                x = x + block(x)
            outs.append(x.mean(dim=1))
        return torch.stack(outs, dim=0)


Model = Stages


def inputs():
    torch.manual_seed(2508)
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 6, 4),)]
