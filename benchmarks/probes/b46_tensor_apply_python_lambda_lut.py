# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

GAMMA = {0: 0.0, 1: 0.5, 2: 0.8, 3: 1.0}


class LevelEmbed(nn.Module):
    """Maps quantised levels through a Python lookup table before a linear layer."""

    def __init__(self, levels=4, dim=6):
        super().__init__()
        self.levels = levels
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        q = (x.clamp(0, 0.999) * self.levels).floor()
        g = q.clone().apply_(lambda v: GAMMA[int(v)])
        return self.fc(g)


Model = LevelEmbed


def inputs():
    torch.manual_seed(4617)
    return [(torch.rand(2, 6),), (torch.rand(3, 6),)]
