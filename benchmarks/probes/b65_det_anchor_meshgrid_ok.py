# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AnchorGen(nn.Module):
    def __init__(self, stride: int, sizes=(8.0, 16.0)):
        super().__init__()
        self.stride = stride
        self.register_buffer("sizes", torch.tensor(sizes), persistent=False)

    def forward(self, fmap: torch.Tensor) -> torch.Tensor:
        h, w = fmap.shape[-2:]
        ys = (torch.arange(h, dtype=torch.float32) + 0.5) * self.stride
        xs = (torch.arange(w, dtype=torch.float32) + 0.5) * self.stride
        cy, cx = torch.meshgrid(ys, xs, indexing="ij")
        centers = torch.stack([cx, cy], -1).reshape(-1, 1, 2)
        half = self.sizes.view(1, -1, 1) / 2
        return torch.cat([centers - half, centers + half], -1).reshape(-1, 4)


class Model(nn.Module):
    """Detection head that pairs per-location box deltas with anchors laid on the feature
    map's grid."""

    def __init__(self):
        super().__init__()
        self.backbone = nn.Conv2d(3, 4, 3, stride=4, padding=1)
        self.reg = nn.Conv2d(4, 8, 1)
        self.anchors = AnchorGen(stride=4)

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        f = self.backbone(img)
        deltas = self.reg(f).permute(0, 2, 3, 1).reshape(img.shape[0], -1, 4)
        return deltas + self.anchors(f).unsqueeze(0)


def inputs():
    torch.manual_seed(6508)
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(1, 3, 16, 16),)]
