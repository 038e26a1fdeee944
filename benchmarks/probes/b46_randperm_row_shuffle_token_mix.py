# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class TokenShuffleMix(nn.Module):
    """Mixes each token with a randomly permuted partner (token-level augmentation kept at eval)."""

    def __init__(self, dim=8):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):
        perm = torch.randperm(x.size(1))
        return self.fc(0.5 * (x + x[:, perm]))


Model = TokenShuffleMix


def inputs():
    torch.manual_seed(4618)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 7, 8),)]
