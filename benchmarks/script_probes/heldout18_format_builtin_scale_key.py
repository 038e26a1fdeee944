# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class MultiScaleHeads(nn.Module):
    def __init__(self, dim=6, scales=(0.5, 1.0)):
        super().__init__()
        self.scales = list(scales)
        self.heads = nn.ModuleDict({format(s, ".1f").replace(".", "_"): nn.Linear(dim, 2) for s in scales})

    def forward(self, x):
        outs = []
        for name, head in self.heads.items():
            key = format(self.scales[len(outs)], ".1f").replace(".", "_")
            if key == name:
                outs.append(head(x))
        return torch.stack(outs, dim=0)


Model = MultiScaleHeads


def inputs():
    torch.manual_seed(192)
    return [(torch.randn(2, 6),), (torch.randn(3, 4, 6),)]
