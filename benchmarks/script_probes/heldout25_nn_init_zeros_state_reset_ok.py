# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class RecurrentCell(nn.Module):
    def __init__(self, dim: int = 4):
        super().__init__()
        self.cell = nn.GRUCell(dim, dim)

    def forward(self, x):
        h = torch.empty(x.size(0), x.size(2))
        nn.init.zeros_(h)
        outs = []
        for t in range(x.size(1)):
            h = self.cell(x[:, t], h)
            outs.append(h)
        return torch.stack(outs, 1)


Model = RecurrentCell


def inputs():
    torch.manual_seed(2511)
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
