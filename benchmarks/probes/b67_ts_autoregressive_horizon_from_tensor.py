# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Autoregressive forecaster: a GRU cell rolls forward one step at a time for as many steps
    as the request asks, the horizon given as a tensor alongside the history."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.enc = nn.Linear(10, d)
        self.cell = nn.GRUCell(1, d)
        self.out = nn.Linear(d, 1)

    def forward(self, history: torch.Tensor, horizon: torch.Tensor) -> torch.Tensor:
        h = self.enc(history).tanh()
        y = history[:, -1:]
        preds = []
        for _ in range(horizon.max()):  # breaks: compile,export,trace,script
            h = self.cell(y, h)
            y = self.out(h)
            preds.append(y)
        return torch.cat(preds, dim=1)


def inputs():
    torch.manual_seed(6714)
    return [(torch.randn(2, 10), torch.tensor([3, 2])), (torch.randn(2, 10), torch.tensor([5, 4]))]
