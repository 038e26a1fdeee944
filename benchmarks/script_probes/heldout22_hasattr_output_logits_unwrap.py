# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ProbeHead(nn.Module):
    """Linear probe over a backbone that may return a tensor or an output object."""

    def __init__(self, dim: int = 8, classes: int = 3):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, dim), nn.GELU())
        self.head = nn.Linear(dim, classes)

    def forward(self, x):
        feats = self.backbone(x)
        if hasattr(feats, "last_hidden_state"):
            feats = feats.last_hidden_state
        return self.head(feats)


Model = ProbeHead


def inputs():
    torch.manual_seed(2246)
    return [(torch.randn(2, 8),), (torch.randn(3, 4, 8),)]
