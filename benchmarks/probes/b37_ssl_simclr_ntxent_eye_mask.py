# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class NTXentLoss(nn.Module):
    def __init__(self, temperature: float = 0.5):
        super().__init__()
        self.temperature = temperature

    def forward(self, z_i: torch.Tensor, z_j: torch.Tensor) -> torch.Tensor:
        n = z_i.size(0)
        z = F.normalize(torch.cat([z_i, z_j], dim=0), dim=1)
        sim = z @ z.t() / self.temperature
        self_mask = torch.eye(2 * n, dtype=torch.bool, device=z.device)
        sim = sim.masked_fill(self_mask, float("-inf"))
        targets = torch.cat([torch.arange(n, 2 * n), torch.arange(0, n)]).to(z.device)
        return F.cross_entropy(sim, targets)


class ResidualMLPEncoder(nn.Module):
    def __init__(self, in_dim=20, dim=32, depth=2):
        super().__init__()
        self.stem = nn.Linear(in_dim, dim)
        self.blocks = nn.ModuleList(nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, dim), nn.GELU()) for _ in range(depth))

    def forward(self, x):
        h = self.stem(x)
        for block in self.blocks:
            h = h + block(h)
        return h


class SimCLR(nn.Module):
    def __init__(self, in_dim=20, dim=32, proj_dim=16, temperature=0.5):
        super().__init__()
        self.encoder = ResidualMLPEncoder(in_dim, dim)
        self.projector = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, proj_dim))
        self.criterion = NTXentLoss(temperature)

    def forward(self, view1, view2):
        h1, h2 = self.encoder(view1), self.encoder(view2)
        loss = self.criterion(self.projector(h1), self.projector(h2))
        return loss, h1.detach()


Model = SimCLR


def inputs():
    torch.manual_seed(3730)
    return [(torch.randn(4, 20), torch.randn(4, 20)), (torch.randn(7, 20), torch.randn(7, 20))]
