# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def BaseConv(in_ch, out_ch, k=3, s=1):
    return nn.Sequential(nn.Conv2d(in_ch, out_ch, k, s, k // 2, bias=False), nn.BatchNorm2d(out_ch), nn.SiLU())


class YOLOXHead(nn.Module):
    """Anchor-free decoupled head; remembers the level shapes for decoding like the reference code."""

    def __init__(self, num_classes=4, width=8, strides=(8, 16, 32), in_channels=(8, 8, 8)):
        super().__init__()
        self.num_classes = num_classes
        self.strides = strides
        self.decode_in_inference = True
        self.stems = nn.ModuleList([BaseConv(c, width, 1) for c in in_channels])
        self.cls_convs = nn.ModuleList([nn.Sequential(BaseConv(width, width), BaseConv(width, width)) for _ in in_channels])
        self.reg_convs = nn.ModuleList([nn.Sequential(BaseConv(width, width), BaseConv(width, width)) for _ in in_channels])
        self.cls_preds = nn.ModuleList([nn.Conv2d(width, num_classes, 1) for _ in in_channels])
        self.reg_preds = nn.ModuleList([nn.Conv2d(width, 4, 1) for _ in in_channels])
        self.obj_preds = nn.ModuleList([nn.Conv2d(width, 1, 1) for _ in in_channels])

    def forward(self, xin):
        outputs = []
        for k, x in enumerate(xin):
            x = self.stems[k](x)
            cls_feat = self.cls_convs[k](x)
            reg_feat = self.reg_convs[k](x)
            output = torch.cat([self.reg_preds[k](reg_feat), self.obj_preds[k](reg_feat).sigmoid(), self.cls_preds[k](cls_feat).sigmoid()], 1)
            outputs.append(output)
        self.hw = [x.shape[-2:] for x in outputs]
        outputs = torch.cat([x.flatten(start_dim=2) for x in outputs], dim=2).permute(0, 2, 1)
        if self.decode_in_inference:
            return self.decode_outputs(outputs)
        return outputs

    def decode_outputs(self, outputs):
        grids, strides = [], []
        for (hsize, wsize), stride in zip(self.hw, self.strides):
            yv, xv = torch.meshgrid(torch.arange(hsize), torch.arange(wsize), indexing="ij")
            grid = torch.stack((xv, yv), 2).view(1, -1, 2)
            grids.append(grid)
            strides.append(torch.full((1, grid.shape[1], 1), stride))
        grids = torch.cat(grids, dim=1).type_as(outputs)
        strides = torch.cat(strides, dim=1).type_as(outputs)
        xy = (outputs[..., 0:2] + grids) * strides
        wh = torch.exp(outputs[..., 2:4]) * strides
        return torch.cat([xy, wh, outputs[..., 4:]], dim=-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.head = YOLOXHead()

    def forward(self, p3, p4, p5):
        return self.head([p3, p4, p5])


def inputs():
    torch.manual_seed(3910)
    return [
        (torch.randn(1, 8, 8, 8), torch.randn(1, 8, 4, 4), torch.randn(1, 8, 2, 2)),
        (torch.randn(2, 8, 12, 8), torch.randn(2, 8, 6, 4), torch.randn(2, 8, 3, 2)),
    ]
