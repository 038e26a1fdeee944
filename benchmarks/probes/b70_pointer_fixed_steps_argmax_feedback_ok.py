# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Pointer network decoding a full permutation: one step per input position, each chosen
    position masked out and its encoding fed back as the next input."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.enc = nn.Linear(2, dim)
        self.cell = nn.GRUCell(dim, dim)
        self.att = nn.Linear(dim, dim, bias=False)

    def forward(self, pts: torch.Tensor) -> torch.Tensor:
        e = self.enc(pts)
        b, n, _ = e.shape
        h = e.mean(1)
        inp = torch.zeros_like(h)
        visited = torch.zeros(b, n)
        order = []
        for _ in range(n):
            h = self.cell(inp, h)
            logits = torch.einsum("bnd,bd->bn", e, self.att(h))
            logits = logits.masked_fill(visited > 0, float("-inf"))
            choice = logits.argmax(-1)
            visited = visited.scatter(1, choice.unsqueeze(1), 1.0)
            inp = e.gather(1, choice.view(b, 1, 1).expand(b, 1, e.shape[-1])).squeeze(1)
            order.append(choice)
        return torch.stack(order, 1)


def inputs():
    torch.manual_seed(7022)
    return [(torch.randn(2, 5, 2),), (torch.randn(2, 5, 2),)]
