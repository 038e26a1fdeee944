import dataclasses

import torch
import torch.nn as nn
import torch.nn.functional as F


@dataclasses.dataclass(frozen=True)
class BlockConfig:
    dim: int = 8
    dropout: float = 0.1
    scale: float = 1.0


class ConfiguredBlock(nn.Module):
    def __init__(self, cfg=BlockConfig()):
        super().__init__()
        self.cfg = cfg
        self.fc = nn.Linear(cfg.dim, cfg.dim)

    def forward(self, x):
        cfg = self.cfg if self.training else dataclasses.replace(self.cfg, dropout=0.0)
        h = F.dropout(self.fc(x), p=cfg.dropout, training=self.training)
        return x + cfg.scale * h


Model = ConfiguredBlock


def inputs():
    torch.manual_seed(35)
    return [(torch.randn(3, 8),), (torch.randn(4, 8) * 2,)]
