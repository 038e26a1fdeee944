# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Row-anchor lane detector (UFLD style): one classification head per lane slot, each picking
    a grid column per row anchor; the heads are attributes head0..head3."""

    def __init__(self, n_lanes: int = 4, rows: int = 6, cols: int = 10, c: int = 8):
        super().__init__()
        self.n_lanes, self.rows, self.cols = n_lanes, rows, cols
        self.backbone = nn.Sequential(nn.Conv2d(3, c, 3, stride=2, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d((rows, 4)))
        for i in range(n_lanes):
            setattr(self, f"head{i}", nn.Linear(c * 4, cols + 1))

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        feat = self.backbone(img).permute(0, 2, 1, 3).flatten(2)
        logits = [getattr(self, f"head{i}")(feat) for i in range(self.n_lanes)]  # breaks: script
        prob = torch.stack(logits, 1)[..., : self.cols].softmax(-1)
        grid = torch.arange(self.cols, dtype=prob.dtype)
        return (prob * grid).sum(-1)


def inputs():
    torch.manual_seed(7509)
    return [(torch.randn(1, 3, 16, 24),), (torch.randn(2, 3, 16, 24),)]
