# ruff: noqa  (a probe is written as users write models)
import logging

import torch
import torch.nn as nn
import torch.nn.functional as F

logger = logging.getLogger(__name__)


class FPNDecoder(nn.Module):
    """Panoptic-FPN style semantic branch: each level is upsampled to stride 4 and summed."""

    def __init__(self, chans=(8, 16), out: int = 8, n_classes: int = 3):
        super().__init__()
        self.lateral = nn.ModuleList([nn.Conv2d(c, out, 1) for c in chans])
        self.cls = nn.Conv2d(out, n_classes, 1)

    def forward(self, c2: torch.Tensor, c3: torch.Tensor) -> torch.Tensor:
        logger.debug("decoder inputs %s %s", tuple(c2.shape), tuple(c3.shape))  # breaks: compile,script
        p2 = self.lateral[0](c2)
        p3 = F.interpolate(self.lateral[1](c3), size=p2.shape[-2:], mode="nearest")
        return self.cls(p2 + p3)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.s2 = nn.Sequential(nn.Conv2d(3, 8, 3, stride=2, padding=1), nn.ReLU())
        self.s3 = nn.Sequential(nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU())
        self.decoder = FPNDecoder()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        c2 = self.s2(x)
        return self.decoder(c2, self.s3(c2))


def inputs():
    torch.manual_seed(6818)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 24, 20),)]
