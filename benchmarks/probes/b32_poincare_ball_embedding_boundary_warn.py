import warnings

import torch
import torch.nn as nn


class PoincareBall:
    def __init__(self, c=1.0, eps=1e-5):
        self.c, self.eps = c, eps

    def mobius_add(self, x, y):
        c = self.c
        xy = (x * y).sum(-1, keepdim=True)
        x2, y2 = x.pow(2).sum(-1, keepdim=True), y.pow(2).sum(-1, keepdim=True)
        num = (1 + 2 * c * xy + c * y2) * x + (1 - c * x2) * y
        return num / (1 + 2 * c * xy + c ** 2 * x2 * y2).clamp_min(self.eps)

    def dist(self, x, y):
        sqrt_c = self.c ** 0.5
        norm = self.mobius_add(-x, y).norm(dim=-1).clamp(max=1 - self.eps)
        return 2 / sqrt_c * torch.atanh(sqrt_c * norm)

    def project(self, x):
        norm = x.norm(dim=-1, keepdim=True).clamp_min(self.eps)
        maxnorm = (1 - self.eps) / self.c ** 0.5
        if (norm > maxnorm).any():  # breaks: compile,export
            warnings.warn("points left the Poincare ball; projecting back")
        return torch.where(norm > maxnorm, x / norm * maxnorm, x)


class HyperbolicHierarchy(nn.Module):
    def __init__(self, n_nodes=30, dim=5, curvature=1.0):
        super().__init__()
        self.ball = PoincareBall(curvature)
        self.emb = nn.Embedding(n_nodes, dim)
        nn.init.uniform_(self.emb.weight, -0.6, 0.6)

    def forward(self, u, v):
        eu = self.ball.project(self.emb(u))
        ev = self.ball.project(self.emb(v))
        return -self.ball.dist(eu.unsqueeze(1), ev)


Model = HyperbolicHierarchy


def inputs():
    torch.manual_seed(3219)
    return [(torch.randint(0, 30, (4,)), torch.randint(0, 30, (4, 6))), (torch.randint(0, 30, (3,)), torch.randint(0, 30, (3, 6)))]
