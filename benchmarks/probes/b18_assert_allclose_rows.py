import torch
import torch.nn as nn


class MixtureHead(nn.Module):
    """Mixes K expert projections with softmax weights."""

    def __init__(self, dim: int = 16, k: int = 4):
        super().__init__()
        self.gate = nn.Linear(dim, k)
        self.experts = nn.Linear(dim, dim * k)
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        w = self.gate(x).softmax(dim=-1)
        assert torch.allclose(w.sum(-1), torch.ones_like(w[..., 0]), atol=1e-5)  # breaks: compile,export
        e = self.experts(x).view(*x.shape[:-1], self.k, -1)
        return (w.unsqueeze(-1) * e).sum(-2)


Model = MixtureHead


def inputs():
    torch.manual_seed(2)
    return [(torch.randn(3, 16),), (torch.randn(3, 16) * 4,), (torch.randn(6, 16),)]
