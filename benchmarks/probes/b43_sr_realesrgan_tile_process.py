# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualDenseBlock(nn.Module):
    def __init__(self, nf=8, gc=4):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv2d(nf + i * gc, gc if i < 4 else nf, 3, 1, 1) for i in range(5))
        self.lrelu = nn.LeakyReLU(0.2, inplace=True)

    def forward(self, x):
        feats = [x]
        for i, conv in enumerate(self.convs):
            out = conv(torch.cat(feats, 1))
            if i < 4:
                feats.append(self.lrelu(out))
        return x + out * 0.2


class SmallRRDBNet(nn.Module):
    def __init__(self, nf=8, scale=2):
        super().__init__()
        self.conv_first = nn.Conv2d(3, nf, 3, 1, 1)
        self.body = nn.Sequential(ResidualDenseBlock(nf), ResidualDenseBlock(nf))
        self.upconv = nn.Conv2d(nf, 3 * scale * scale, 3, 1, 1)
        self.shuffle = nn.PixelShuffle(scale)

    def forward(self, x):
        fea = self.conv_first(x)
        return self.shuffle(self.upconv(fea + self.body(fea)))


class TiledUpsampler(nn.Module):
    """Runs the network tile by tile (as Real-ESRGAN's inference helper does) to bound memory."""

    def __init__(self, tile_size=8, tile_pad=2, scale=2):
        super().__init__()
        self.net = SmallRRDBNet(scale=scale)
        self.tile_size, self.tile_pad, self.scale = tile_size, tile_pad, scale

    def forward(self, img):
        batch, channel, height, width = img.shape
        output = img.new_zeros(batch, channel, height * self.scale, width * self.scale)
        tiles_x = math.ceil(width / self.tile_size)
        tiles_y = math.ceil(height / self.tile_size)
        for y in range(tiles_y):
            for x in range(tiles_x):
                ofs_x, ofs_y = x * self.tile_size, y * self.tile_size
                x0, x1 = ofs_x, min(ofs_x + self.tile_size, width)
                y0, y1 = ofs_y, min(ofs_y + self.tile_size, height)
                px0, px1 = max(x0 - self.tile_pad, 0), min(x1 + self.tile_pad, width)
                py0, py1 = max(y0 - self.tile_pad, 0), min(y1 + self.tile_pad, height)
                out_tile = self.net(img[:, :, py0:py1, px0:px1])
                s = self.scale
                ox0, oy0 = (x0 - px0) * s, (y0 - py0) * s
                output[:, :, y0 * s : y1 * s, x0 * s : x1 * s] = out_tile[
                    :, :, oy0 : oy0 + (y1 - y0) * s, ox0 : ox0 + (x1 - x0) * s
                ]
        return output


Model = TiledUpsampler


def inputs():
    torch.manual_seed(4328)
    return [(torch.rand(1, 3, 12, 10),), (torch.rand(1, 3, 17, 9),)]
