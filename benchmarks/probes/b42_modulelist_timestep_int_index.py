# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class PerStepHeads(nn.Module):
    """Diffusion-style model with one output head per (coarse) timestep bucket."""

    def __init__(self, d=6, n_steps=4):
        super().__init__()
        self.body = nn.Linear(d, d)
        self.heads = nn.ModuleList(nn.Linear(d, d) for _ in range(n_steps))

    def forward(self, x, t):
        h = torch.relu(self.body(x))
        head = self.heads[int(t)]
        return head(h)


Model = PerStepHeads


def inputs():
    torch.manual_seed(4224)
    return [
        (torch.randn(2, 6), torch.tensor(1)),
        (torch.randn(2, 6), torch.tensor(3)),
        (torch.randn(3, 6), torch.tensor(0)),
    ]
