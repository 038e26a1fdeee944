# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Autoregressive GRU forecaster (MLP encoder) decoding as many steps as the longest requested horizon
    in the batch; shorter series are masked past their horizon."""

    def __init__(self, hidden: int = 8):
        super().__init__()
        self.enc = nn.Linear(6, hidden)
        self.cell = nn.GRUCell(1, hidden)
        self.out = nn.Linear(hidden, 1)

    def forward(self, history: torch.Tensor, horizon: torch.Tensor) -> torch.Tensor:
        h = torch.tanh(self.enc(history.squeeze(-1)))
        y = history[:, -1]
        preds = []
        for _ in range(int(horizon.max())):  # breaks: compile,export,trace
            h = self.cell(y, h)
            y = self.out(h)
            preds.append(y)
        out = torch.cat(preds, 1)
        steps = torch.arange(out.shape[1])
        return out * (steps < horizon.unsqueeze(1))


def inputs():
    torch.manual_seed(7318)
    return [
        (torch.randn(2, 6, 1), torch.tensor([3, 2])),
        (torch.randn(2, 6, 1), torch.tensor([5, 1])),
    ]
