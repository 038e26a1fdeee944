# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class AdapterBackbone(nn.Module):
    """Backbone with per-language adapters, falling back to no adapter for unknown ones."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.adapters = nn.ModuleDict({"en": nn.Linear(dim, dim), "de": nn.Linear(dim, dim)})
        self.lang = "en"

    def forward(self, x: Tensor) -> Tensor:
        h = self.fc(x)
        adapter = self.adapters.get(self.lang)
        if adapter is not None:
            h = h + adapter(h)
        return h


Model = AdapterBackbone


def inputs():
    torch.manual_seed(4024)
    return [(torch.randn(2, 8),), (torch.randn(3, 8),)]
