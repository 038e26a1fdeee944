# ruff: noqa  (a probe is written as users write models)
from typing import List, Union

import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvDropoutNormNonlin(nn.Module):
    def __init__(self, in_ch, out_ch, stride=1):
        super().__init__()
        self.conv = nn.Conv2d(in_ch, out_ch, 3, stride, 1)
        self.instnorm = nn.InstanceNorm2d(out_ch, eps=1e-5, affine=True)
        self.lrelu = nn.LeakyReLU(0.01, inplace=True)

    def forward(self, x):
        return self.lrelu(self.instnorm(self.conv(x)))


class StackedConvLayers(nn.Sequential):
    def __init__(self, in_ch, out_ch, num_convs, first_stride=1):
        super().__init__(ConvDropoutNormNonlin(in_ch, out_ch, first_stride),
                         *[ConvDropoutNormNonlin(out_ch, out_ch) for _ in range(num_convs - 1)])


class GenericUNet(nn.Module):
    def __init__(self, in_ch=1, base=4, num_classes=3, num_pool=2, deep_supervision=True, do_ds=True):
        super().__init__()
        self._deep_supervision = deep_supervision
        self.do_ds = do_ds
        feats = [base * 2 ** i for i in range(num_pool + 1)]
        self.conv_blocks_context = nn.ModuleList()
        prev = in_ch
        for d, f in enumerate(feats):
            self.conv_blocks_context.append(StackedConvLayers(prev, f, 2, first_stride=1 if d == 0 else 2))
            prev = f
        self.tu = nn.ModuleList()
        self.conv_blocks_localization = nn.ModuleList()
        self.seg_outputs = nn.ModuleList()
        for u in range(num_pool):
            f_skip = feats[-(u + 2)]
            self.tu.append(nn.ConvTranspose2d(prev, f_skip, 2, 2, bias=False))
            self.conv_blocks_localization.append(StackedConvLayers(2 * f_skip, f_skip, 2))
            self.seg_outputs.append(nn.Conv2d(f_skip, num_classes, 1, bias=False))
            prev = f_skip

    def forward(self, x) -> Union[torch.Tensor, List[torch.Tensor]]:
        skips = []
        for d in range(len(self.conv_blocks_context) - 1):
            x = self.conv_blocks_context[d](x)
            skips.append(x)
        x = self.conv_blocks_context[-1](x)
        seg_outputs = []
        for u in range(len(self.tu)):
            x = self.tu[u](x)
            x = torch.cat((x, skips[-(u + 1)]), dim=1)
            x = self.conv_blocks_localization[u](x)
            seg_outputs.append(self.seg_outputs[u](x))
        if self._deep_supervision and self.do_ds and self.training:
            return [seg_outputs[-1]] + [F.interpolate(s, size=seg_outputs[-1].shape[2:], mode="nearest") for s in seg_outputs[:-1][::-1]]
        return seg_outputs[-1]


Model = GenericUNet


def inputs():
    torch.manual_seed(4524)
    return [(torch.randn(1, 1, 8, 8),), (torch.randn(1, 1, 8, 8),), (torch.randn(2, 1, 12, 16),)]
