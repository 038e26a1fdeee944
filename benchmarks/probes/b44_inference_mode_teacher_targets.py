# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class SelfDistillation(nn.Module):
    """BYOL/DINO-style: the target branch runs under inference mode, the online branch learns."""

    def __init__(self, dim=8, proj=6):
        super().__init__()
        self.online = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, proj))
        self.target = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, proj))

    @torch.inference_mode()
    def targets(self, x):
        return F.normalize(self.target(x), dim=-1)

    def forward(self, x1, x2):
        p = F.normalize(self.online(x1), dim=-1)
        t = self.targets(x2).clone()
        return 2 - 2 * (p * t).sum(-1)


Model = SelfDistillation


def inputs():
    torch.manual_seed(31)
    return [(torch.randn(4, 8), torch.randn(4, 8)), (torch.randn(3, 8), torch.randn(3, 8))]
