# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


def default_conv(in_channels, out_channels, kernel_size, bias=True):
    return nn.Conv2d(in_channels, out_channels, kernel_size, padding=(kernel_size // 2), bias=bias)


class ResBlock(nn.Module):
    def __init__(self, conv, n_feats, kernel_size, res_scale=1):
        super().__init__()
        self.body = nn.Sequential(conv(n_feats, n_feats, kernel_size), nn.ReLU(True), conv(n_feats, n_feats, kernel_size))
        self.res_scale = res_scale

    def forward(self, x):
        return self.body(x).mul(self.res_scale) + x


class Upsampler(nn.Sequential):
    def __init__(self, conv, scale, n_feats):
        m = []
        if (scale & (scale - 1)) == 0:
            for _ in range(int(math.log(scale, 2))):
                m.append(conv(n_feats, 4 * n_feats, 3))
                m.append(nn.PixelShuffle(2))
        super().__init__(*m)


class EDSR(nn.Module):
    def __init__(self, n_resblocks=2, n_feats=8, scale=2, self_ensemble=True, conv=default_conv):
        super().__init__()
        self.head = nn.Sequential(conv(3, n_feats, 3))
        self.body = nn.Sequential(*[ResBlock(conv, n_feats, 3, res_scale=0.1) for _ in range(n_resblocks)], conv(n_feats, n_feats, 3))
        self.tail = nn.Sequential(Upsampler(conv, scale, n_feats), conv(n_feats, 3, 3))
        self.self_ensemble = self_ensemble

    def model_forward(self, x):
        x = self.head(x)
        res = self.body(x) + x
        return self.tail(res)

    def forward(self, x):
        if self.self_ensemble and not self.training:
            return self.forward_x8(x)
        return self.model_forward(x)

    def forward_x8(self, x):
        def _transform(v, op):
            v2np = v.data.cpu().numpy()
            if op == "v":
                tfnp = v2np[:, :, :, ::-1].copy()
            elif op == "h":
                tfnp = v2np[:, :, ::-1, :].copy()
            elif op == "t":
                tfnp = v2np.transpose((0, 1, 3, 2)).copy()
            return torch.Tensor(tfnp).to(v.device)

        lr_list = [x]
        for tf in "v", "h", "t":
            lr_list.extend([_transform(t, tf) for t in lr_list])
        sr_list = [self.model_forward(aug) for aug in lr_list]
        for i in range(len(sr_list)):
            if i > 3:
                sr_list[i] = _transform(sr_list[i], "t")
            if i % 4 > 1:
                sr_list[i] = _transform(sr_list[i], "h")
            if (i % 4) % 2 == 1:
                sr_list[i] = _transform(sr_list[i], "v")
        output_cat = torch.cat(sr_list, dim=0)
        return output_cat.mean(dim=0, keepdim=True)


Model = EDSR


def inputs():
    torch.manual_seed(4511)
    return [(torch.rand(1, 3, 6, 6),), (torch.rand(1, 3, 6, 6),), (torch.rand(1, 3, 5, 5),)]
