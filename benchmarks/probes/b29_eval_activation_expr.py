import torch
from torch import nn
import torch.nn.functional as F


class Config:
    hidden = 12
    activation = "F.gelu"


class Model(nn.Module):
    def __init__(self, cfg=Config()):
        super().__init__()
        self.cfg = cfg
        self.up = nn.Linear(6, cfg.hidden)
        self.down = nn.Linear(cfg.hidden, 6)

    def forward(self, x):
        act = eval(self.cfg.activation)  # breaks: compile
        return self.down(act(self.up(x)))


def inputs():
    torch.manual_seed(20)
    return [(torch.randn(2, 6),), (torch.randn(3, 6),)]
