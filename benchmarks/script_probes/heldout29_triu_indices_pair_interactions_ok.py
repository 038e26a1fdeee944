# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch import Tensor


class DotInteraction(nn.Module):
    """DLRM-style feature interaction: all pairwise dots picked with torch.triu_indices."""

    def __init__(self, dim: int = 4, top: int = 3):
        super().__init__()
        self.mlp = nn.Linear(dim, top)

    def forward(self, fields: Tensor) -> Tensor:
        n = fields.shape[1]
        gram = torch.bmm(fields, fields.transpose(1, 2))
        iu = torch.triu_indices(n, n, offset=1)
        pairs = gram[:, iu[0], iu[1]]
        return self.mlp(fields.mean(1)) + pairs.sum(-1, keepdim=True)


Model = DotInteraction


def inputs():
    torch.manual_seed(2923)
    return [(torch.randn(2, 5, 4),), (torch.randn(3, 3, 4),)]
