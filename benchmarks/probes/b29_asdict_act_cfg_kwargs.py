from dataclasses import asdict, dataclass

import torch
from torch import nn
import torch.nn.functional as F


@dataclass
class ActCfg:
    negative_slope: float = 0.1


@dataclass
class BlockCfg:
    dim: int = 16
    act: ActCfg = None


class Model(nn.Module):
    def __init__(self, cfg=None):
        super().__init__()
        self.cfg = cfg or BlockCfg(act=ActCfg())
        self.fc1 = nn.Linear(self.cfg.dim, self.cfg.dim * 2)
        self.fc2 = nn.Linear(self.cfg.dim * 2, self.cfg.dim)

    def forward(self, x):
        h = self.fc1(x)
        h = F.leaky_relu(h, **asdict(self.cfg.act))
        return x + self.fc2(h)


def inputs():
    torch.manual_seed(11)
    return [(torch.randn(4, 16),), (torch.randn(2, 16),)]
