# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class LastValidGRUPool(nn.Module):
    """Runs the GRU over the padded batch (no packing) and gathers the output at length - 1."""

    def __init__(self, n_in=5, hidden=8, n_out=3):
        super().__init__()
        self.rnn = nn.GRU(n_in, hidden, batch_first=True)
        self.head = nn.Linear(hidden, n_out)

    def forward(self, x, lengths):
        out, _ = self.rnn(x)
        idx = (lengths - 1).clamp(min=0).view(-1, 1, 1).expand(-1, 1, out.size(-1))
        last = out.gather(1, idx).squeeze(1)
        return self.head(last)


Model = LastValidGRUPool


def inputs():
    torch.manual_seed(4203)
    return [
        (torch.randn(3, 6, 5), torch.tensor([6, 2, 4])),
        (torch.randn(3, 6, 5), torch.tensor([1, 6, 3])),
        (torch.randn(2, 4, 5), torch.tensor([4, 2])),
    ]
