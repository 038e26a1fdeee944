# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class OrthoProjection(nn.Module):
    """Projects onto an orthonormal basis re-derived from a free matrix each call (QR, sign-fixed)."""

    def __init__(self, dim=8, rank=4):
        super().__init__()
        self.raw = nn.Parameter(torch.randn(dim, rank))

    def basis(self):
        q, r = torch.linalg.qr(self.raw)
        return q * torch.sign(torch.diagonal(r)).unsqueeze(0)

    def forward(self, x):
        w = self.basis()
        return (x @ w) @ w.t()


Model = OrthoProjection


def inputs():
    torch.manual_seed(4926)
    return [(torch.randn(2, 8),), (torch.randn(3, 5, 8),)]
