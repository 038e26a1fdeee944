# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def conv_bn_act(c_in: int, c_out: int, stride: int = 1) -> nn.Sequential:
    return nn.Sequential(nn.Conv2d(c_in, c_out, 3, stride, 1, bias=False), nn.BatchNorm2d(c_out), nn.SiLU())


class TinyBackbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.s1 = conv_bn_act(3, 8, 2)
        self.s2 = conv_bn_act(8, 16, 2)
        self.s3 = conv_bn_act(16, 32, 2)

    def forward(self, x):
        c2 = self.s1(x)
        c3 = self.s2(c2)
        c4 = self.s3(c3)
        return c3, c4


class PANNeck(nn.Module):
    def __init__(self):
        super().__init__()
        self.lat = conv_bn_act(32, 16)
        self.fuse = conv_bn_act(32, 16)

    def forward(self, c3, c4):
        up = F.interpolate(self.lat(c4), size=c3.shape[-2:], mode="nearest")
        return self.fuse(torch.cat([c3, up], dim=1))


def build_detector(distributed_ready: bool = True) -> nn.Module:
    net = nn.ModuleDict({"backbone": TinyBackbone(), "neck": PANNeck(), "head": nn.Conv2d(16, 6, 1)})
    # recipes convert once at build time so multi-GPU training syncs BN statistics
    return nn.SyncBatchNorm.convert_sync_batchnorm(net) if distributed_ready else net


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.det = build_detector()

    def forward(self, img):
        c3, c4 = self.det["backbone"](img)
        return self.det["head"](self.det["neck"](c3, c4)).flatten(2).transpose(1, 2)


def inputs():
    torch.manual_seed(5621)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 48, 40),)]
