# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def mutual_nearest(sim: torch.Tensor):
    a2b = sim.argmax(1).tolist()  # breaks: compile,export,trace
    b2a = sim.argmax(0).tolist()
    return [(i, j) for i, j in enumerate(a2b) if b2a[j] == i]  # breaks: script


class Model(nn.Module):
    """Keypoint matcher: descriptor head, cosine similarity, mutual nearest neighbours."""

    def __init__(self, dim: int = 8):
        super().__init__()
        self.desc = nn.Linear(dim, dim)

    def forward(self, feats_a: torch.Tensor, feats_b: torch.Tensor) -> torch.Tensor:
        da = F.normalize(self.desc(feats_a), dim=-1)
        db = F.normalize(self.desc(feats_b), dim=-1)
        sim = da @ db.t()
        pairs = torch.tensor(mutual_nearest(sim), dtype=torch.long).view(-1, 2)
        return (da[pairs[:, 0]] * db[pairs[:, 1]]).sum(-1)


def inputs():
    torch.manual_seed(7106)
    return [(torch.randn(6, 8), torch.randn(7, 8)), (torch.randn(6, 8), torch.randn(7, 8))]
