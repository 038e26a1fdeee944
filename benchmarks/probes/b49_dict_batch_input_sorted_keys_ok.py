# ruff: noqa  (a probe is written as users write models)
from typing import Dict

import torch
import torch.nn as nn
from torch import Tensor


class MultiModalFusion(nn.Module):
    """Takes the batch as a dict of modality tensors, fuses them in a fixed key order."""

    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.ModuleDict({"audio": nn.Linear(6, dim), "image": nn.Linear(10, dim), "text": nn.Linear(4, dim)})
        self.head = nn.Linear(3 * dim, 2)

    def forward(self, batch: Dict[str, Tensor]):
        feats = []
        for name, proj in self.proj.items():
            feats.append(proj(batch[name]))
        return self.head(torch.cat(feats, dim=-1))


Model = MultiModalFusion


def inputs():
    torch.manual_seed(4908)
    return [
        ({"audio": torch.randn(2, 6), "image": torch.randn(2, 10), "text": torch.randn(2, 4)},),
        ({"audio": torch.randn(5, 6), "image": torch.randn(5, 10), "text": torch.randn(5, 4)},),
    ]
