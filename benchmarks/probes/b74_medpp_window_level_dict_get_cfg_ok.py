# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

CT_WINDOWS = {"lung": (-600.0, 1500.0), "soft_tissue": (40.0, 400.0)}


class Model(nn.Module):
    """CT intensity windowing before segmentation; the window comes from a config dict with a
    fallback, resolved once at construction."""

    def __init__(self, cfg=None):
        super().__init__()
        cfg = cfg or {}
        level, width = CT_WINDOWS.get(cfg.get("window", "soft_tissue"), (0.0, 2000.0))
        self.lo = level - width / 2
        self.hi = level + width / 2
        self.seg = nn.Conv2d(1, 3, 3, padding=1)

    def forward(self, hu: torch.Tensor) -> torch.Tensor:
        x = (hu.clamp(self.lo, self.hi) - self.lo) / (self.hi - self.lo)
        return self.seg(x).argmax(1)


def inputs():
    torch.manual_seed(7416)
    return [(torch.randn(1, 1, 5, 5) * 300,), (torch.randn(2, 1, 4, 6) * 800 + 100,)]
