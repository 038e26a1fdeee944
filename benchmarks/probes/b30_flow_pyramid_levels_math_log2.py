import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class FeaturePyramid(nn.Module):
    def __init__(self, ch=8, min_size=4):
        super().__init__()
        self.min_size = min_size
        self.stem = nn.Conv2d(3, ch, 3, padding=1)
        self.down = nn.Conv2d(ch, ch, 3, stride=2, padding=1)

    def num_levels(self, x):
        return int(math.log2(min(x.shape[-2:]) / self.min_size)) + 1  # breaks: trace

    def forward(self, x):
        feats = [self.stem(x)]
        for _ in range(self.num_levels(x) - 1):
            feats.append(F.leaky_relu(self.down(feats[-1]), 0.1))
        return feats


class CoarseToFineFlow(nn.Module):
    def __init__(self, ch=8):
        super().__init__()
        self.pyramid = FeaturePyramid(ch)
        self.estimator = nn.Sequential(nn.Conv2d(2 * ch + 2, 16, 3, padding=1), nn.ReLU(), nn.Conv2d(16, 2, 3, padding=1))

    def forward(self, im1, im2):
        p1, p2 = self.pyramid(im1), self.pyramid(im2)
        flow = torch.zeros_like(p1[-1][:, :2])
        for f1, f2 in zip(reversed(p1), reversed(p2)):
            if flow.shape[-1] != f1.shape[-1]:
                flow = 2.0 * F.interpolate(flow, size=f1.shape[-2:], mode="bilinear", align_corners=False)
            flow = flow + self.estimator(torch.cat([f1, f2, flow], dim=1))
        return flow


Model = CoarseToFineFlow


def inputs():
    torch.manual_seed(3018)
    return [
        (torch.rand(1, 3, 16, 16), torch.rand(1, 3, 16, 16)),
        (torch.rand(1, 3, 32, 32), torch.rand(1, 3, 32, 32)),
    ]
