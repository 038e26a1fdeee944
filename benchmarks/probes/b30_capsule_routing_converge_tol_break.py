import torch
from torch import nn


def squash(s, dim=-1):
    norm_sq = (s ** 2).sum(dim=dim, keepdim=True)
    return norm_sq / (1 + norm_sq) * s / (norm_sq.sqrt() + 1e-8)


class AgreementRouting(nn.Module):
    def __init__(self, in_caps, out_caps, dim, max_iters=10, tol=1e-3):
        super().__init__()
        self.W = nn.Parameter(torch.randn(in_caps, out_caps, dim, dim) * 0.1)
        self.max_iters, self.tol = max_iters, tol

    def forward(self, u):
        u_hat = torch.einsum("ijdk,bik->bijd", self.W, u)
        logits = u_hat.new_zeros(u_hat.shape[:3])
        for _ in range(self.max_iters):
            c = logits.softmax(dim=2)
            v = squash((c[..., None] * u_hat).sum(dim=1))
            delta = (u_hat * v[:, None]).sum(-1)
            logits = logits + delta
            if delta.abs().max() < self.tol:  # breaks: compile,export
                break
        return v


class Model(nn.Module):
    def __init__(self, in_caps=12, out_caps=4, dim=6):
        super().__init__()
        self.primary = nn.Linear(20, in_caps * dim)
        self.in_caps, self.dim = in_caps, dim
        self.routing = AgreementRouting(in_caps, out_caps, dim)

    def forward(self, x):
        u = squash(self.primary(x).view(-1, self.in_caps, self.dim))
        return self.routing(u).norm(dim=-1)


def inputs():
    torch.manual_seed(3021)
    return [(torch.randn(3, 20),), (torch.randn(3, 20) * 0.01,)]
