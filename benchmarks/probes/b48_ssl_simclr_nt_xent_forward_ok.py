# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ProjectionHead(nn.Sequential):
    def __init__(self, in_dim, hidden, out_dim):
        super().__init__(nn.Linear(in_dim, hidden), nn.BatchNorm1d(hidden), nn.ReLU(inplace=True), nn.Linear(hidden, out_dim))


class SimCLR(nn.Module):
    def __init__(self, in_dim=12, feat_dim=16, proj_dim=8, temperature=0.5):
        super().__init__()
        self.encoder = nn.Sequential(nn.Linear(in_dim, feat_dim), nn.ReLU())
        self.projector = ProjectionHead(feat_dim, feat_dim, proj_dim)
        self.temperature = temperature

    def nt_xent(self, z1, z2):
        b = z1.shape[0]
        z = F.normalize(torch.cat([z1, z2], dim=0), dim=1)
        sim = z @ z.t() / self.temperature
        self_mask = torch.eye(2 * b, dtype=torch.bool, device=z.device)
        sim = sim.masked_fill(self_mask, float("-inf"))
        targets = torch.cat([torch.arange(b, 2 * b), torch.arange(0, b)]).to(z.device)
        return F.cross_entropy(sim, targets)

    def forward(self, view1, view2):
        z1 = self.projector(self.encoder(view1))
        z2 = self.projector(self.encoder(view2))
        return self.nt_xent(z1, z2)


Model = SimCLR


def inputs():
    torch.manual_seed(4819)
    return [(torch.randn(4, 12), torch.randn(4, 12)), (torch.randn(6, 12), torch.randn(6, 12))]
