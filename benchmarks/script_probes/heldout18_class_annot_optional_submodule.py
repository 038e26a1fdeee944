# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


class ProjectionHead(nn.Module):
    proj: Optional[nn.Linear]

    def __init__(self, dim=6, out_dim=4):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.proj = nn.Linear(dim, out_dim) if out_dim != dim else None

    def forward(self, x):
        x = torch.relu(self.fc(x))
        if self.proj is not None:
            x = self.proj(x)
        return x


Model = ProjectionHead


def inputs():
    torch.manual_seed(198)
    return [(torch.randn(2, 6),), (torch.randn(3, 2, 6),)]
