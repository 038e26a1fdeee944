# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokenDropScale(nn.Module):
    """Zeroes the CLS slot and rescales the rest, in place on a private copy of the input."""

    def __init__(self, dim=8):
        super().__init__()
        self.scale = nn.Parameter(torch.full((dim,), 0.5))
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        x = x.clone()
        x[:, 0] = 0.0
        x[:, 1:].mul_(self.scale)
        return self.fc(x)


Model = TokenDropScale


def inputs():
    torch.manual_seed(4934)
    return [(torch.randn(2, 5, 8),), (torch.randn(3, 3, 8),)]
