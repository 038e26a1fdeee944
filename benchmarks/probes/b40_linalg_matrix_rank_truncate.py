# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LowRankProjector(nn.Module):
    """Projects tokens onto the principal directions, keeping as many as the numerical rank."""

    def __init__(self, dim=6):
        super().__init__()
        self.fc = nn.Linear(dim, dim)

    def forward(self, x):  # (N, D)
        h = self.fc(x)
        centered = h - h.mean(0, keepdim=True)
        rank = int(torch.linalg.matrix_rank(centered))
        _, _, vh = torch.linalg.svd(centered, full_matrices=False)
        basis = vh[:rank]
        return centered @ basis.t() @ basis


Model = LowRankProjector


def inputs():
    torch.manual_seed(4023)
    full = torch.randn(8, 6)
    low = torch.randn(8, 2) @ torch.randn(2, 6)
    return [(full,), (low,)]
