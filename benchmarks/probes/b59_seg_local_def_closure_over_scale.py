# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Segmentation decoder that defines a small resize helper inside forward; the helper
    closes over the target size of the input image."""

    def __init__(self, c: int = 8, n_classes: int = 3):
        super().__init__()
        self.enc1 = nn.Conv2d(3, c, 3, stride=2, padding=1)
        self.enc2 = nn.Conv2d(c, c, 3, stride=2, padding=1)
        self.cls = nn.Conv2d(2 * c, n_classes, 1)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        out_size = img.shape[-2:]

        def up(t: torch.Tensor) -> torch.Tensor:
            return F.interpolate(t, size=out_size, mode="bilinear", align_corners=False)

        f1 = self.enc1(img).relu()
        f2 = self.enc2(f1).relu()
        return self.cls(torch.cat([up(f1), up(f2)], dim=1))


def inputs():
    torch.manual_seed(5904)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 20, 12),)]
