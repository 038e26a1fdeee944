# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Ranking head: the mean score of the positive items, taken by weighting with the
    label mask instead of selecting the positives."""

    def __init__(self, d: int = 8):
        super().__init__()
        self.score = nn.Linear(d, 1)

    def forward(self, items: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        s = self.score(items).squeeze(-1)
        pos = (labels > 0).to(s.dtype)
        return (s * pos).sum() / pos.sum().clamp(min=1.0)


def inputs():
    torch.manual_seed(6420)
    return [
        (torch.randn(12, 8), torch.randint(0, 2, (12,))),
        (torch.randn(12, 8), torch.randint(0, 2, (12,))),
    ]
