# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DepthHead(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.conv = nn.Conv2d(ch, 1, 3, padding=1)

    def forward(self, x):
        return F.softplus(self.conv(x))


class SegmentationHead(nn.Module):
    def __init__(self, ch: int, n_classes: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(ch, n_classes, 1)

    def forward(self, x):
        return self.conv(x)


class NormalsHead(nn.Module):
    def __init__(self, ch: int):
        super().__init__()
        self.conv = nn.Conv2d(ch, 3, 3, padding=1)

    def forward(self, x):
        return F.normalize(self.conv(x), dim=1)


def head_key(head: nn.Module) -> str:
    """'SegmentationHead' -> 'segmentation'."""
    name = type(head).__name__
    return name[: -len("Head")].lower() if name.endswith("Head") else name.lower()


class SharedEncoder(nn.Module):
    def __init__(self, ch: int = 12):
        super().__init__()
        self.c1 = nn.Conv2d(3, ch, 3, padding=1)
        self.c2 = nn.Conv2d(ch, ch, 3, padding=1)

    def forward(self, x):
        return F.relu(self.c2(F.relu(self.c1(x))))


class MultiTaskNet(nn.Module):
    def __init__(self, ch: int = 12):
        super().__init__()
        self.encoder = SharedEncoder(ch)
        self.heads = nn.ModuleList([DepthHead(ch), SegmentationHead(ch), NormalsHead(ch)])

    def forward(self, x):
        feats = self.encoder(x)
        return {head_key(h): h(feats) for h in self.heads}


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = MultiTaskNet()

    def forward(self, image):
        out = self.net(image)
        return out["depth"], out["segmentation"], out["normals"]


def inputs():
    torch.manual_seed(5315)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 12, 20),)]
