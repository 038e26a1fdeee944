# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def mlp(d_in, d_hidden, d_out):
    return nn.Sequential(nn.Linear(d_in, d_hidden), nn.GELU(), nn.Linear(d_hidden, d_out))


class BYOLStyle(nn.Module):
    """Online/target pair; the target projection is cut from the graph in place."""

    def __init__(self, dim: int = 12, proj: int = 8):
        super().__init__()
        self.online = mlp(dim, 16, proj)
        self.predictor = mlp(proj, 16, proj)
        self.target = mlp(dim, 16, proj)

    def forward(self, view1, view2):
        p = self.predictor(self.online(view1))
        z = self.target(view2)
        z.detach_()
        return 2 - 2 * F.cosine_similarity(p, z, dim=-1).mean()


Model = BYOLStyle


def inputs():
    torch.manual_seed(5105)
    return [(torch.randn(4, 12), torch.randn(4, 12)), (torch.randn(7, 12), torch.randn(7, 12))]
