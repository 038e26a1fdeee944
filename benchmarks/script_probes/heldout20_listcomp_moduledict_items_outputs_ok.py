# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class EnsembleHeads(nn.Module):
    def __init__(self, dim: int = 8, n_cls: int = 4):
        super().__init__()
        self.heads = nn.ModuleDict({"a": nn.Linear(dim, n_cls), "b": nn.Linear(dim, n_cls)})

    def forward(self, x: Tensor) -> Tensor:
        logits = [head(x) for _, head in self.heads.items()]
        return torch.stack(logits, 0).mean(0)


Model = EnsembleHeads


def inputs():
    torch.manual_seed(2012)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
