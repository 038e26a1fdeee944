# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class ASPPLite(nn.Module):
    def __init__(self, c: int, rates=(1, 2, 4)):
        super().__init__()
        self.branches = nn.ModuleList([nn.Conv2d(c, c, 3, padding=r, dilation=r) for r in rates])
        self.fuse = nn.Conv2d(c * len(rates), c, 1)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return F.relu(self.fuse(torch.cat([F.relu(b(x)) for b in self.branches], 1)))


class Backbone(nn.Module):
    def __init__(self, c: int = 16):
        super().__init__()
        self.layers = nn.Sequential(
            nn.Conv2d(3, c, 3, 2, 1), nn.BatchNorm2d(c), nn.ReLU(),
            nn.Conv2d(c, c, 3, 2, 1), nn.BatchNorm2d(c), nn.ReLU(),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return self.layers(x)


class Model(nn.Module):
    """Semantic segmentation with multi-scale inference: the image is resized to each scale,
    predicted, and the upsampled logits are averaged. Callers may pass their own scales."""

    def __init__(self, classes: int = 5):
        super().__init__()
        self.backbone = Backbone()
        self.aspp = ASPPLite(16)
        self.cls = nn.Conv2d(16, classes, 1)

    def predict(self, img: torch.Tensor) -> torch.Tensor:
        logits = self.cls(self.aspp(self.backbone(img)))
        return F.interpolate(logits, size=img.shape[-2:], mode="bilinear", align_corners=False)

    def forward(self, img: torch.Tensor, scales=(1.0, 0.75)):
        h, w = img.shape[-2:]
        total = torch.zeros(0)
        for i, s in enumerate(scales):
            x = img if s == 1.0 else F.interpolate(img, scale_factor=s, mode="bilinear", align_corners=False)
            y = F.interpolate(self.predict(x), size=(h, w), mode="bilinear", align_corners=False)
            total = y if i == 0 else total + y
        return total / len(scales)


def inputs():
    torch.manual_seed(6023)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 48, 40),)]
