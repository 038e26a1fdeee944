# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Strand-symmetric promoter scorer: the one-hot sequence and its reverse complement share
    the conv tower; the two strands' maps are stacked on a strand axis and averaged."""

    def __init__(self, width: int = 8, k: int = 5):
        super().__init__()
        self.conv = nn.Conv1d(4, width, k, padding=k // 2)
        self.head = nn.Linear(width, 1)

    def forward(self, onehot: torch.Tensor) -> torch.Tensor:
        # A,C,G,T channel order: complement is the channel flip, reverse is the length flip.
        rc = onehot.flip([1, 2])
        both = self.conv(torch.cat([onehot, rc], 0))
        both = both.unflatten(0, (2, onehot.shape[0]))
        fwd, rev = both.unbind(0)
        pooled = torch.maximum(fwd, rev.flip([2])).amax(-1)
        return self.head(torch.relu(pooled)).squeeze(-1)


def inputs():
    torch.manual_seed(7501)
    a = torch.nn.functional.one_hot(torch.randint(0, 4, (3, 20)), 4).transpose(1, 2).float()
    b = torch.nn.functional.one_hot(torch.randint(0, 4, (2, 13)), 4).transpose(1, 2).float()
    return [(a,), (b,)]
