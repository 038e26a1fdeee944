# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def top_pool(x):
    return x.flip(2).cummax(dim=2)[0].flip(2)


def bottom_pool(x):
    return x.cummax(dim=2)[0]


def left_pool(x):
    return x.flip(3).cummax(dim=3)[0].flip(3)


def right_pool(x):
    return x.cummax(dim=3)[0]


def conv_bn_relu(i, o, k=3):
    return nn.Sequential(nn.Conv2d(i, o, k, padding=k // 2, bias=False), nn.BatchNorm2d(o), nn.ReLU(inplace=True))


class CornerPool(nn.Module):
    """Corner pooling: max over everything to the right/below (top-left corner) or left/above (bottom-right)."""

    def __init__(self, dim, pool1, pool2, mid=8):
        super().__init__()
        self.p1_conv1 = conv_bn_relu(dim, mid)
        self.p2_conv1 = conv_bn_relu(dim, mid)
        self.p_conv1 = nn.Conv2d(mid, dim, 3, padding=1, bias=False)
        self.p_bn1 = nn.BatchNorm2d(dim)
        self.conv1 = nn.Conv2d(dim, dim, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(dim)
        self.relu1 = nn.ReLU(inplace=True)
        self.conv2 = conv_bn_relu(dim, dim)
        self.pool1, self.pool2 = pool1, pool2

    def forward(self, x):
        pool1 = self.pool1(self.p1_conv1(x))
        pool2 = self.pool2(self.p2_conv1(x))
        p_bn1 = self.p_bn1(self.p_conv1(pool1 + pool2))
        bn1 = self.bn1(self.conv1(x))
        return self.conv2(self.relu1(p_bn1 + bn1))


class CornerHead(nn.Module):
    def __init__(self, dim=8, num_classes=3):
        super().__init__()
        self.tl_pool = CornerPool(dim, top_pool, left_pool)
        self.br_pool = CornerPool(dim, bottom_pool, right_pool)
        self.tl_heat = nn.Sequential(conv_bn_relu(dim, dim), nn.Conv2d(dim, num_classes, 1))
        self.br_heat = nn.Sequential(conv_bn_relu(dim, dim), nn.Conv2d(dim, num_classes, 1))
        self.tl_tag = nn.Conv2d(dim, 1, 1)
        self.br_tag = nn.Conv2d(dim, 1, 1)
        self.tl_off = nn.Conv2d(dim, 2, 1)
        self.br_off = nn.Conv2d(dim, 2, 1)
        nn.init.constant_(self.tl_heat[-1].bias, -2.19)
        nn.init.constant_(self.br_heat[-1].bias, -2.19)

    def forward(self, feat):
        tl, br = self.tl_pool(feat), self.br_pool(feat)
        return {
            "tl_heat": self.tl_heat(tl).sigmoid(),
            "br_heat": self.br_heat(br).sigmoid(),
            "tl_tag": self.tl_tag(tl),
            "br_tag": self.br_tag(br),
            "tl_off": self.tl_off(tl),
            "br_off": self.br_off(br),
        }


Model = CornerHead


def inputs():
    torch.manual_seed(3918)
    return [(torch.randn(1, 8, 8, 8),), (torch.randn(2, 8, 6, 11),)]
