# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn


class IndexFeaturizer(nn.Module):
    """Casts integer position features to the default float dtype before projecting."""

    def __init__(self, dim=8):
        super().__init__()
        self.proj = nn.Linear(1, dim)

    def forward(self, positions):
        feats = positions.to(torch.get_default_dtype()).unsqueeze(-1)
        return self.proj(feats / 10.0)


Model = IndexFeaturizer


def inputs():
    torch.manual_seed(3619)
    return [(torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (3, 7)),)]
