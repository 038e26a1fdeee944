from types import SimpleNamespace

import torch
import torch.nn as nn

CFG = SimpleNamespace(in_dim=9, hidden=16, n_out=2)


class TabularMLP(nn.Module):
    def __init__(self, cfg=CFG):
        super().__init__()
        self.cfg = cfg
        self.net = nn.Sequential(nn.Linear(cfg.in_dim, cfg.hidden), nn.ReLU(), nn.Linear(cfg.hidden, cfg.n_out))

    def forward(self, x):
        assert x.size(-1) == self.cfg.in_dim, f"expected {self.cfg.in_dim} features, got {x.size(-1)}"
        return self.net(x)


Model = TabularMLP


def inputs():
    torch.manual_seed(101)
    return [(torch.randn(3, 9),), (torch.randn(6, 9),)]
