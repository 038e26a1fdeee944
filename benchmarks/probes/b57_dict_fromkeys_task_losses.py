# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MultiTaskDenseHeads(nn.Module):
    """Multi-task vision: per-task loss accumulators start from dict.fromkeys(tasks, 0.0) and
    the per-task losses come back stacked."""

    tasks = ("depth", "normal", "edge")

    def __init__(self, c: int = 8):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, c, 3, padding=1), nn.ReLU())
        self.heads = nn.ModuleDict({t: nn.Conv2d(c, 1, 1) for t in self.tasks})

    def forward(self, img, target):
        feats = self.backbone(img)
        losses = dict.fromkeys(self.tasks, 0.0)
        for t in self.tasks:
            losses[t] = losses[t] + F.l1_loss(self.heads[t](feats), target)
        return torch.stack([losses[t] for t in self.tasks])


Model = MultiTaskDenseHeads


def inputs():
    torch.manual_seed(5723)
    return [
        (torch.randn(2, 3, 8, 8), torch.randn(2, 1, 8, 8)),
        (torch.randn(1, 3, 10, 12), torch.randn(1, 1, 10, 12)),
    ]
