# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Reading-order head: tokens are put in raster order (line band first, then x) by a
    single sort key, and a 1-D transformer-ish mixer runs in that order before the
    result is scattered back to the input order."""

    def __init__(self, dim: int = 6, bands: int = 16):
        super().__init__()
        self.bands = bands
        self.embed = nn.Linear(4, dim)
        self.mix = nn.Conv1d(dim, dim, 3, padding=1)

    def forward(self, boxes: torch.Tensor) -> torch.Tensor:
        band = (boxes[..., 1] * self.bands).floor()
        key = band * 2.0 + boxes[..., 0]
        order = key.argsort(dim=-1)
        h = self.embed(boxes)
        idx = order.unsqueeze(-1).expand(-1, -1, h.shape[-1])
        h_sorted = torch.gather(h, 1, idx)
        mixed = self.mix(h_sorted.transpose(1, 2)).transpose(1, 2)
        return torch.zeros_like(mixed).scatter(1, idx, mixed)


def inputs():
    torch.manual_seed(7324)
    return [(torch.rand(2, 7, 4),), (torch.rand(2, 7, 4),)]
