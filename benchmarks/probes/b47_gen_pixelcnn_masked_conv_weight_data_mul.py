# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class MaskedConv2d(nn.Conv2d):
    def __init__(self, mask_type, *args, **kwargs):
        super(MaskedConv2d, self).__init__(*args, **kwargs)
        assert mask_type in {"A", "B"}
        self.register_buffer("mask", self.weight.data.clone())
        _, _, kH, kW = self.weight.size()
        self.mask.fill_(1)
        self.mask[:, :, kH // 2, kW // 2 + (mask_type == "B"):] = 0
        self.mask[:, :, kH // 2 + 1:] = 0

    def forward(self, x):
        self.weight.data *= self.mask
        return super(MaskedConv2d, self).forward(x)


class ResidualBlock(nn.Module):
    def __init__(self, h):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReLU(), nn.Conv2d(2 * h, h, 1), nn.ReLU(),
            MaskedConv2d("B", h, h, 3, padding=1), nn.ReLU(), nn.Conv2d(h, 2 * h, 1),
        )

    def forward(self, x):
        return x + self.net(x)


class PixelCNN(nn.Module):
    def __init__(self, in_ch=1, h=4, n_layers=2, n_levels=4):
        super().__init__()
        self.n_levels = n_levels
        self.input_conv = MaskedConv2d("A", in_ch, 2 * h, 7, padding=3)
        self.blocks = nn.ModuleList([ResidualBlock(h) for _ in range(n_layers)])
        self.output = nn.Sequential(nn.ReLU(), nn.Conv2d(2 * h, 2 * h, 1), nn.ReLU(), nn.Conv2d(2 * h, in_ch * n_levels, 1))

    def forward(self, x):
        b, c, hh, ww = x.shape
        out = self.input_conv(x)
        for block in self.blocks:
            out = block(out)
        logits = self.output(out).view(b, self.n_levels, c, hh, ww)
        return F.log_softmax(logits, dim=1)


Model = PixelCNN


def inputs():
    torch.manual_seed(4721)
    return [(torch.rand(2, 1, 8, 8),), (torch.rand(1, 1, 6, 10),)]
