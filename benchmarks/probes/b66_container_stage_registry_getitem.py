# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StageTable:
    """Name -> stage lookup used by a backbone builder (a plain object, not a module)."""

    def __init__(self, order, modules):
        self._order = list(order)
        self._modules = dict(zip(order, modules))

    def __getitem__(self, name):
        return self._modules[name]

    def __iter__(self):
        return iter(self._order)


class Model(nn.Module):
    """Backbone whose stages are owned by a ModuleList but looked up by name through a table."""

    def __init__(self, d: int = 4):
        super().__init__()
        names = ["stem", "body", "head"]
        self.layers = nn.ModuleList([nn.Linear(d, d), nn.Linear(d, d), nn.Linear(d, 2)])
        self.table = StageTable(names, list(self.layers))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        for name in self.table:  # breaks: script
            x = self.table[name](x)
            if name != "head":
                x = torch.relu(x)
        return x


def inputs():
    torch.manual_seed(6625)
    return [(torch.randn(3, 4),), (torch.randn(2, 4),)]
