# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def squash(s: torch.Tensor, dim: int = -1, eps: float = 1e-8) -> torch.Tensor:
    sq = (s * s).sum(dim, keepdim=True)
    return sq / (1.0 + sq) * s / torch.sqrt(sq + eps)


class CapsuleLayer(nn.Module):
    """Routing-by-agreement between primary and class capsules, three iterations."""

    def __init__(self, n_in: int, d_in: int, n_out: int, d_out: int, iters: int = 3):
        super().__init__()
        self.iters = iters
        self.W = nn.Parameter(0.1 * torch.randn(n_in, n_out, d_out, d_in))

    def forward(self, u: torch.Tensor) -> torch.Tensor:
        u_hat = torch.einsum("iokd,bid->biok", self.W, u)
        logits = torch.zeros(u_hat.shape[:3], dtype=u.dtype, device=u.device)
        v = squash(u_hat.mean(1))
        for r in range(self.iters):
            c = logits.softmax(dim=2)
            v = squash((c.unsqueeze(-1) * u_hat).sum(1))
            if r < self.iters - 1:
                logits = logits + (u_hat * v.unsqueeze(1)).sum(-1)
        return v


class Model(nn.Module):
    def __init__(self, n_classes: int = 3):
        super().__init__()
        self.primary = nn.Conv2d(1, 16, 3, stride=2)
        self.caps = CapsuleLayer(n_in=4 * 3 * 3, d_in=4, n_out=n_classes, d_out=6)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        p = self.primary(img)
        b = p.size(0)
        u = squash(p.view(b, 4, 4, -1).permute(0, 1, 3, 2).reshape(b, -1, 4))
        return self.caps(u).norm(p=2, dim=-1)


def inputs():
    torch.manual_seed(6823)
    return [(torch.randn(2, 1, 7, 7),), (torch.randn(3, 1, 7, 7),)]
