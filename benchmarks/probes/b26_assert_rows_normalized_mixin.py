import torch
import torch.nn as nn


class SimplexCheckMixin:
    tol = 1e-4

    def check_simplex(self, w):
        assert (w.sum(-1) - 1).abs().max() < self.tol, "weights must sum to one"  # breaks: export
        return w


class AttentionPool(SimplexCheckMixin, nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.score = nn.Linear(dim, 1)

    def forward(self, x, weights):
        w = self.check_simplex(weights)
        s = self.score(x).squeeze(-1).softmax(-1) * w
        return (s.unsqueeze(-1) * x).sum(1)


Model = AttentionPool


def inputs():
    torch.manual_seed(49)
    return [
        (torch.randn(2, 4, 8), torch.full((2, 4), 0.25)),
        (torch.randn(2, 4, 8), torch.tensor([[0.1, 0.2, 0.3, 0.4], [0.7, 0.1, 0.1, 0.1]])),
    ]
