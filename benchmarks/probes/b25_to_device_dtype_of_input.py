import torch
import torch.nn as nn


class BiasTableLookup(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)
        self.register_buffer("table", torch.linspace(0, 1, dim), persistent=False)

    def forward(self, x):
        bias = self.table.to(device=x.device, dtype=x.dtype)
        pos = torch.ones(x.shape[0], 1, device=x.device)
        return self.fc(x) + pos * bias


Model = BiasTableLookup


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(2, 8),), (torch.randn(5, 8),)]
