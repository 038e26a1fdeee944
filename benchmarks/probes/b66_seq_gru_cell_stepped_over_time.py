# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class StepEncoder(nn.Module):
    """Encoder that runs a GRUCell one step at a time (to apply per-step dropout/zoneout)."""

    def __init__(self, d_in: int = 3, d_h: int = 5):
        super().__init__()
        self.cell = nn.GRUCell(d_in, d_h)
        self.d_h = d_h

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        h = x.new_zeros(x.shape[0], self.d_h)
        outs = []
        for t in range(x.shape[1]):  # breaks: trace
            h = self.cell(x[:, t], h)
            outs.append(h)
        return torch.stack(outs, dim=1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = StepEncoder()
        self.head = nn.Linear(5, 2)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.head(self.enc(x))


def inputs():
    torch.manual_seed(6609)
    return [(torch.randn(2, 4, 3),), (torch.randn(2, 6, 3),)]
