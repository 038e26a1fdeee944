# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Discrete-time survival: hazards on a time grid that spans the longest follow-up in the batch."""

    def __init__(self, dim: int = 4, bins: int = 6):
        super().__init__()
        self.bins = bins
        self.hazard = nn.Linear(dim + 1, 1)

    def forward(self, x: torch.Tensor, follow_up: torch.Tensor) -> torch.Tensor:
        grid = torch.linspace(0.0, follow_up.max(), self.bins)
        t = grid.view(1, -1, 1).expand(x.size(0), -1, 1)
        h = torch.sigmoid(self.hazard(torch.cat([x.unsqueeze(1).expand(-1, self.bins, -1), t], -1)))
        return torch.cumprod(1 - h.squeeze(-1), dim=1)


def inputs():
    torch.manual_seed(7121)
    return [(torch.randn(3, 4), torch.tensor([2.0, 5.0, 3.0])), (torch.randn(3, 4), torch.tensor([9.0, 1.0, 4.0]))]
