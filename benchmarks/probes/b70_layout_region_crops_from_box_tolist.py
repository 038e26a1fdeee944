# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class RegionPooler(nn.Module):
    """Crops each layout box out of the page feature map and pools it to a fixed grid."""

    def __init__(self, out_size: int = 2):
        super().__init__()
        self.out_size = out_size

    def forward(self, feats: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
        regions = []
        for x0, y0, x1, y1 in boxes.round().long().tolist():  # breaks: trace,script
            crop = feats[:, :, y0:y1, x0:x1]  # breaks: compile
            regions.append(F.adaptive_avg_pool2d(crop, self.out_size))
        return torch.cat(regions, 0)


class Model(nn.Module):
    """Document layout classifier: one label per detected text block."""

    def __init__(self, channels: int = 4, n_labels: int = 5):
        super().__init__()
        self.backbone = nn.Conv2d(1, channels, 3, padding=1)
        self.pool = RegionPooler()
        self.cls = nn.Linear(channels * 4, n_labels)

    def forward(self, page: torch.Tensor, boxes: torch.Tensor) -> torch.Tensor:
        feats = self.backbone(page)
        regions = self.pool(feats, boxes)
        return self.cls(regions.flatten(1))


def inputs():
    torch.manual_seed(7001)
    return [
        (torch.randn(1, 1, 16, 16), torch.tensor([[0.0, 0.0, 8.0, 6.0], [4.0, 5.0, 15.0, 14.0]])),
        (torch.randn(1, 1, 16, 16), torch.tensor([[2.2, 1.0, 9.6, 12.0], [0.0, 8.0, 16.0, 16.0]])),
    ]
