# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Backbone(nn.Module):
    def __init__(self, ch=4, depth=4, out_indices=(1, 3)):
        super().__init__()
        self.stages = nn.ModuleList([nn.Conv2d(ch, ch, 3, padding=1) for _ in range(depth)])
        self.out_indices = out_indices
        self.out_scales = nn.Parameter(torch.ones(len(out_indices)))

    def forward(self, x):
        outs = []
        for i, stage in enumerate(self.stages):
            x = stage(x)
            if i in self.out_indices:
                outs.append(x * self.out_scales[self.out_indices.index(i)])
        return outs


Model = Backbone


def inputs():
    torch.manual_seed(193)
    return [(torch.randn(1, 4, 6, 6),), (torch.randn(2, 4, 5, 3),)]
