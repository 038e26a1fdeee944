# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor
from typing import Dict, List


class ConvBNReLU(nn.Sequential):
    def __init__(self, cin: int, cout: int, stride: int = 1):
        super().__init__(nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU())


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.stage1 = ConvBNReLU(3, 8, 2)
        self.stage2 = ConvBNReLU(8, 16, 2)
        self.stage3 = ConvBNReLU(16, 16, 2)

    def forward(self, x: Tensor) -> List[Tensor]:
        c1 = self.stage1(x)
        c2 = self.stage2(c1)
        c3 = self.stage3(c2)
        return [c1, c2, c3]


class SegHead(nn.Module):
    def __init__(self, cin: int, n_classes: int, level: int):
        super().__init__()
        self.level = level
        self.block = ConvBNReLU(cin, 8)
        self.cls = nn.Conv2d(8, n_classes, 1)

    def forward(self, feats: List[Tensor]) -> Tensor:
        return self.cls(self.block(feats[self.level]))


class SegmentationModel(nn.Module):
    """Main head plus auxiliary (deep-supervision) heads whose names start with 'aux'."""

    def __init__(self, n_classes: int = 5):
        super().__init__()
        self.backbone = Backbone()
        self.heads = nn.ModuleDict({
            "main": SegHead(16, n_classes, 2),
            "aux_c2": SegHead(16, n_classes, 1),
            "aux_c1": SegHead(8, n_classes, 0),
        })

    def forward(self, x: Tensor) -> Dict[str, Tensor]:
        size = x.shape[-2:]
        feats = self.backbone(x)
        out: Dict[str, Tensor] = {}
        for name, head in self.heads.items():
            if self.training or not name.startswith("aux"):
                out[name] = F.interpolate(head(feats), size=size, mode="bilinear", align_corners=False)
        return out


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = SegmentationModel()

    def forward(self, x: Tensor) -> Tensor:
        return self.net(x)["main"]


def inputs():
    torch.manual_seed(5321)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 24, 40),)]
