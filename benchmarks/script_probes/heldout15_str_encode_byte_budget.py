# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, tag="encoder_blk"):
        super().__init__()
        self.tag = tag
        self.proj = nn.Linear(8, 8)

    def forward(self, x):
        budget = len(self.tag.encode("utf-8"))
        return self.proj(x) * (1.0 / budget)


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 8),), (torch.randn(6, 8),)]
