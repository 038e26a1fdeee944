# ruff: noqa  (a probe is written as users write models)
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class ResidualDenseBlock(nn.Module):
    def __init__(self, nf: int = 16, gc: int = 8):
        super().__init__()
        self.convs = nn.ModuleList(nn.Conv2d(nf + i * gc, gc if i < 2 else nf, 3, 1, 1) for i in range(3))
        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

    def forward(self, x):
        feats = [x]
        for i, conv in enumerate(self.convs):
            out = conv(torch.cat(feats, 1))
            if i < len(self.convs) - 1:
                out = self.lrelu(out)
            feats.append(out)
        return feats[-1] * 0.2 + x


class BSRNetLite(nn.Module):
    def __init__(self, in_nc: int = 3, nf: int = 16, nb: int = 2, sf: int = 2):
        super().__init__()
        self.sf = sf
        self.conv_first = nn.Conv2d(in_nc, nf, 3, 1, 1)
        self.body = nn.Sequential(*[ResidualDenseBlock(nf) for _ in range(nb)])
        self.trunk_conv = nn.Conv2d(nf, nf, 3, 1, 1)
        self.upconv1 = nn.Conv2d(nf, nf, 3, 1, 1)
        self.conv_last = nn.Conv2d(nf, in_nc, 3, 1, 1)

    def forward(self, x):
        fea = self.conv_first(x)
        fea = fea + self.trunk_conv(self.body(fea))
        fea = F.leaky_relu(self.upconv1(F.interpolate(fea, scale_factor=self.sf, mode="nearest")), 0.2)
        return self.conv_last(fea)


def tensor2uint(img: torch.Tensor) -> np.ndarray:
    img = img.data.squeeze().float().clamp_(0, 1).cpu().numpy()
    if img.ndim == 3:
        img = np.transpose(img, (1, 2, 0))
    return np.uint8((img * 255.0).round())


class Upscaler(nn.Module):
    """Inference wrapper: returns the HWC uint8 image the demo scripts save."""

    def __init__(self):
        super().__init__()
        self.net = BSRNetLite()

    def forward(self, img_lq: torch.Tensor) -> torch.Tensor:
        img_e = self.net(img_lq)
        return torch.from_numpy(tensor2uint(img_e))  # breaks: export,trace


Model = Upscaler


def inputs():
    torch.manual_seed(5020)
    return [
        (torch.rand(1, 3, 6, 6),),
        (torch.rand(1, 3, 5, 7),),
    ]
