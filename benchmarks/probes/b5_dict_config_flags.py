import torch
from torch import nn

DEFAULTS = {"use_bias": True, "act": "silu", "norm": "layer", "residual": True}


class Block(nn.Module):
    def __init__(self, dim: int = 8, **overrides):
        super().__init__()
        self.cfg = {**DEFAULTS, **overrides}
        self.fc = nn.Linear(dim, dim, bias=self.cfg.get("use_bias", False))
        self.norm = nn.LayerNorm(dim) if self.cfg["norm"] == "layer" else nn.Identity()
        self.act = {"silu": nn.SiLU(), "gelu": nn.GELU()}[self.cfg["act"]]

    def forward(self, x):
        h = self.act(self.fc(self.norm(x)))
        if self.cfg.get("residual"):
            h = h + x
        return h


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.blocks = nn.Sequential(Block(), Block(act="gelu", residual=False))

    def forward(self, x):
        return self.blocks(x)


def inputs():
    return [(torch.randn(2, 8),), (torch.randn(4, 8),)]
