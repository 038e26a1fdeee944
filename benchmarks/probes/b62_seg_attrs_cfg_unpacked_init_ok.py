# ruff: noqa  (a probe is written as users write models)
import attrs
import torch
import torch.nn as nn
import torch.nn.functional as F


@attrs.define
class HeadConfig:
    num_classes: int = 5
    channels: int = 16
    dropout: float = 0.1
    align_corners: bool = False
    upsample_mode: str = "bilinear"


class ConvBNReLU(nn.Sequential):
    def __init__(self, cin: int, cout: int, k: int = 3, stride: int = 1):
        super().__init__(
            nn.Conv2d(cin, cout, k, stride=stride, padding=k // 2, bias=False),
            nn.BatchNorm2d(cout),
            nn.ReLU(inplace=True),
        )


class SegHead(nn.Module):
    """Decode head: the config is read once in __init__ and copied to plain attributes."""

    def __init__(self, in_ch: int, cfg: HeadConfig):
        super().__init__()
        self.upsample_mode: str = cfg.upsample_mode
        self.align_corners: bool = cfg.align_corners
        self.conv = ConvBNReLU(in_ch, cfg.channels)
        self.drop = nn.Dropout2d(cfg.dropout)
        self.cls = nn.Conv2d(cfg.channels, cfg.num_classes, 1)

    def forward(self, feat: torch.Tensor, out_hw: torch.Tensor) -> torch.Tensor:
        logits = self.cls(self.drop(self.conv(feat)))
        return F.interpolate(
            logits,
            size=out_hw.shape[-2:],
            mode=self.upsample_mode,
            align_corners=self.align_corners,
        )


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Sequential(ConvBNReLU(3, 16, stride=2), ConvBNReLU(16, 32, stride=2))
        self.head = SegHead(32, HeadConfig())

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        return self.head(self.backbone(img), img)


def inputs():
    torch.manual_seed(6224)
    return [(torch.randn(2, 3, 32, 32),), (torch.randn(1, 3, 48, 40),)]
