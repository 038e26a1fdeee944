import numpy as np
import torch
import torch.nn as nn


class PriorBox:
    def __init__(self, sizes=(0.2, 0.4), aspect_ratios=(1.0, 2.0, 0.5)):
        self.sizes = sizes
        self.aspect_ratios = aspect_ratios

    def __call__(self, fh, fw):
        cy, cx = np.meshgrid((np.arange(fh) + 0.5) / fh, (np.arange(fw) + 0.5) / fw, indexing="ij")  # breaks: trace
        boxes = []
        for s in self.sizes:
            for ar in self.aspect_ratios:
                w, h = s * np.sqrt(ar), s / np.sqrt(ar)
                boxes.append(np.stack([cx, cy, np.full_like(cx, w), np.full_like(cy, h)], -1))
        priors = np.stack(boxes, axis=2).reshape(-1, 4)
        return torch.from_numpy(priors.astype(np.float32))


class Model(nn.Module):
    def __init__(self, ch=8, n_anchor=6):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, ch, 3, stride=4, padding=1), nn.ReLU())
        self.loc = nn.Conv2d(ch, n_anchor * 4, 3, padding=1)
        self.prior_box = PriorBox()

    def forward(self, img):
        feat = self.backbone(img)
        loc = self.loc(feat).permute(0, 2, 3, 1).reshape(img.shape[0], -1, 4)
        priors = self.prior_box(feat.shape[-2], feat.shape[-1]).to(loc)
        xy = priors[:, :2] + 0.1 * loc[..., :2] * priors[:, 2:]
        wh = priors[:, 2:] * torch.exp(0.2 * loc[..., 2:])
        return torch.cat([xy - wh / 2, xy + wh / 2], dim=-1)


def inputs():
    torch.manual_seed(37)
    return [(torch.randn(1, 3, 32, 32),), (torch.randn(2, 3, 32, 48),)]
