# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Pointer network selecting a subset of the input points: each step points at an unvisited
    point or at the end token (slot 0), and decoding runs until every sequence has ended."""

    def __init__(self, dim: int = 6):
        super().__init__()
        self.enc = nn.Linear(2, dim)
        self.eos = nn.Parameter(torch.randn(1, 1, dim))
        self.cell = nn.GRUCell(dim, dim)
        self.w1 = nn.Linear(dim, dim, bias=False)
        self.w2 = nn.Linear(dim, dim, bias=False)
        self.v = nn.Linear(dim, 1, bias=False)

    def forward(self, pts: torch.Tensor) -> torch.Tensor:
        e = torch.cat([self.eos.expand(pts.shape[0], 1, -1), self.enc(pts)], 1)
        h = e.mean(1)
        inp = torch.zeros_like(h)
        visited = torch.zeros(e.shape[0], e.shape[1])
        finished = torch.zeros(pts.shape[0], dtype=torch.bool)
        total = torch.zeros(pts.shape[0])
        while not finished.all():  # breaks: compile,export,trace
            h = self.cell(inp, h)
            logits = self.v(torch.tanh(self.w1(e) + self.w2(h).unsqueeze(1))).squeeze(-1)
            logits = logits.masked_fill(visited > 0, float("-inf"))
            choice = logits.argmax(-1)
            total = total + logits.max(-1).values * (~finished).float()
            finished = finished | (choice == 0)
            visited = visited.scatter(1, choice.unsqueeze(1), 1.0)
            visited[:, 0] = 0.0
            inp = e[torch.arange(e.shape[0]), choice]
        return total


def inputs():
    torch.manual_seed(7021)
    wide, spread, shifted = torch.randn(2, 5, 2), torch.randn(2, 5, 2) * 4, torch.randn(2, 5, 2) - 2
    return [(shifted,), (wide,), (spread,)]
