# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Multi-task ranking (click, like, share): each task head has a gate; a task whose gate
    is mostly closed for the batch is skipped and predicts its prior."""

    def __init__(self, d: int = 8):
        super().__init__()
        tasks = ("click", "like", "share")
        self.shared = nn.Linear(10, d)
        self.heads = nn.ModuleDict({t: nn.Linear(d, 1) for t in tasks})
        self.gates = nn.ModuleDict({t: nn.Linear(d, 1) for t in tasks})
        self.prior = -2.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = torch.relu(self.shared(x))
        outs = []
        for (name, head), gate in zip(self.heads.items(), self.gates.values()):
            g = torch.sigmoid(gate(h))
            if g.mean() < 0.5:  # breaks: compile,export,trace
                outs.append(torch.full_like(g, self.prior))
            else:
                outs.append(head(h) * g)
        return torch.cat(outs, dim=-1)


def inputs():
    torch.manual_seed(7404)
    return [(torch.randn(5, 10),), (torch.randn(5, 10) * 6 + 3,)]
