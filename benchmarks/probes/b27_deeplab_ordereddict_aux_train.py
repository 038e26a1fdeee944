from collections import OrderedDict

import torch
from torch import nn
from torch.nn import functional as F


class ASPP(nn.Module):
    def __init__(self, cin, cout, rates=(1, 2, 4)):
        super().__init__()
        self.branches = nn.ModuleList(
            nn.Sequential(nn.Conv2d(cin, cout, 3 if r > 1 else 1, padding=r if r > 1 else 0, dilation=r), nn.ReLU())
            for r in rates
        )
        self.pool = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Conv2d(cin, cout, 1), nn.ReLU())
        self.project = nn.Conv2d(cout * (len(rates) + 1), cout, 1)

    def forward(self, x):
        outs = [b(x) for b in self.branches]
        outs.append(self.pool(x).expand(-1, -1, *x.shape[-2:]))
        return self.project(torch.cat(outs, dim=1))


class Backbone(nn.Module):
    def __init__(self):
        super().__init__()
        self.layer1 = nn.Sequential(nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU())
        self.layer2 = nn.Sequential(nn.Conv2d(16, 32, 3, 2, 1), nn.ReLU())

    def forward(self, x):
        c1 = self.layer1(x)
        return {"aux": c1, "out": self.layer2(c1)}


class DeepLabLite(nn.Module):
    def __init__(self, num_classes=4, aux_loss=True):
        super().__init__()
        self.backbone = Backbone()
        self.classifier = nn.Sequential(ASPP(32, 24), nn.Conv2d(24, num_classes, 1))
        self.aux_classifier = nn.Conv2d(16, num_classes, 1) if aux_loss else None

    def forward(self, x):
        input_shape = x.shape[-2:]
        features = self.backbone(x)
        result = OrderedDict()
        out = self.classifier(features["out"])
        result["out"] = F.interpolate(out, size=input_shape, mode="bilinear", align_corners=False)
        if self.aux_classifier is not None and self.training:
            aux = self.aux_classifier(features["aux"])
            result["aux"] = F.interpolate(aux, size=input_shape, mode="bilinear", align_corners=False)
        return result


Model = DeepLabLite


def inputs():
    torch.manual_seed(291)
    return [
        (torch.randn(2, 3, 32, 32),),
        (torch.randn(1, 3, 32, 32),),
    ]
