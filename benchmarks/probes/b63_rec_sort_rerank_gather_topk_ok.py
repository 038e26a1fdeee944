# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Re-ranker: sort candidates by a learned score on device and gather the top three."""

    def __init__(self, dim: int = 12, keep: int = 3):
        super().__init__()
        self.keep = keep
        self.score = nn.Linear(dim, 1)

    def forward(self, cands: torch.Tensor) -> torch.Tensor:
        s = self.score(cands).squeeze(-1)
        order = s.argsort(dim=-1, descending=True)[:, : self.keep]
        return torch.gather(cands, 1, order[..., None].expand(-1, -1, cands.shape[-1]))


def inputs():
    torch.manual_seed(6332)
    return [(torch.randn(2, 7, 12),), (torch.randn(3, 10, 12),)]
