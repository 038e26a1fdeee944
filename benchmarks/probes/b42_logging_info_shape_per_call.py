# ruff: noqa  (a probe is written as users write models)
import logging

import torch
import torch.nn as nn

logger = logging.getLogger(__name__)


class LoggedPatchEmbed(nn.Module):
    """Patch embedding that logs the incoming image size and patch-grid on every call."""

    def __init__(self, c=3, dim=8, patch=2):
        super().__init__()
        self.proj = nn.Conv2d(c, dim, patch, stride=patch)

    def forward(self, img):
        y = self.proj(img)
        logger.info("patch embed: input %s -> grid %dx%d", tuple(img.shape), y.shape[-2], y.shape[-1])
        return y.flatten(2).transpose(1, 2)


Model = LoggedPatchEmbed


def inputs():
    torch.manual_seed(4230)
    return [(torch.randn(1, 3, 4, 4),), (torch.randn(2, 3, 6, 4),), (torch.randn(1, 3, 8, 8),)]
