# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PaddedBatch(nn.Module):
    def __init__(self, dim: int = 4, device: str = "cpu"):
        super().__init__()
        self.device = device
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        pad = torch.zeros(x.size(0), 1, x.size(2), device=self.device)
        return self.fc(torch.cat([pad, x], dim=1))


Model = PaddedBatch


def inputs():
    torch.manual_seed(2523)
    return [(torch.randn(2, 3, 4),), (torch.randn(1, 5, 4),)]
