import torch
import torch.nn.functional as F
from torch import Tensor, nn


class AuxHead(nn.Module):
    def __init__(self, ch: int, classes: int):
        super().__init__()
        self.conv = nn.Conv2d(ch, classes, 1)

    def forward(self, x: Tensor) -> Tensor:
        return self.conv(x)


class Model(nn.Module):
    def __init__(self, classes: int = 3, aux_loss: bool = False):
        super().__init__()
        self.stage1 = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.ReLU())
        self.stage2 = nn.Sequential(nn.Conv2d(8, 8, 3, 2, 1), nn.ReLU())
        self.classifier = nn.Conv2d(8, classes, 1)
        self.aux = AuxHead(8, classes) if aux_loss else None

    def forward(self, x: Tensor):
        size = x.shape[-2:]
        f1 = self.stage1(x)
        out = F.interpolate(
            self.classifier(self.stage2(f1)), size=size, mode="bilinear", align_corners=False
        )
        aux = None
        if self.aux is not None and self.training:
            aux = F.interpolate(self.aux(f1), size=size, mode="bilinear", align_corners=False)
        return {"out": out, "aux": aux}  # breaks: trace


def inputs():
    return [(torch.randn(1, 3, 16, 16),), (torch.randn(2, 3, 12, 20),)]
