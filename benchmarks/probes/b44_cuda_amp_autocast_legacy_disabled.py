# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SpectralNormHead(nn.Module):
    """Power-iteration-free stable head: the matmul is forced to full precision the old way."""

    def __init__(self, dim=8, classes=4):
        super().__init__()
        self.backbone = nn.Sequential(nn.Linear(dim, 16), nn.GELU())
        self.weight = nn.Parameter(torch.randn(classes, 16) * 0.1)

    def forward(self, x):
        h = self.backbone(x)
        with torch.cuda.amp.autocast(enabled=False):
            logits = h.float() @ self.weight.float().t()
        return logits.log_softmax(-1)


Model = SpectralNormHead


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(3, 8),), (torch.randn(5, 8),)]
