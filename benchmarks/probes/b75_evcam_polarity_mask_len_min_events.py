# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Event-based corner score: positive-polarity events are embedded and pooled; windows with
    too few positive events fall back to the learned empty-window token."""

    def __init__(self, d: int = 6, min_events: int = 4):
        super().__init__()
        self.min_events = min_events
        self.embed = nn.Linear(3, d)
        self.empty = nn.Parameter(torch.zeros(d))
        self.out = nn.Linear(d, 1)

    def forward(self, events: torch.Tensor) -> torch.Tensor:
        pos = events[events[:, 3] > 0]  # breaks: compile
        if len(pos) < self.min_events:  # breaks: export,trace
            pooled = self.empty
        else:
            pooled = torch.relu(self.embed(pos[:, :3])).mean(0)
        return self.out(pooled)


def inputs():
    torch.manual_seed(7513)
    ev = torch.rand(10, 4)
    ev[:, 3] = torch.tensor([1.0, -1, -1, 1, 1, 1, -1, 1, 1, -1])
    few = ev.clone()
    few[:, 3] = -1
    few[0, 3] = 1
    return [(ev,), (few,)]
