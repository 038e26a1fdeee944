# ruff: noqa  (a probe is written as users write models)
import math
from functools import lru_cache

import torch
import torch.nn as nn
import torch.nn.functional as F


@lru_cache(maxsize=4)
def gaussian_importance_map(patch_size, sigma_scale=0.125):
    coords = [torch.arange(p, dtype=torch.float32) - (p - 1) / 2 for p in patch_size]
    sig = [p * sigma_scale for p in patch_size]
    g = [torch.exp(-(c ** 2) / (2 * s ** 2)) for c, s in zip(coords, sig)]
    gmap = g[0][:, None] * g[1][None, :]
    gmap = gmap / gmap.max()
    return gmap.clamp_min(gmap[gmap > 0].min())


def compute_steps_for_sliding_window(patch_size, image_size, step_size=0.5):
    target_step_sizes = [i * step_size for i in patch_size]
    num_steps = [int(math.ceil((i - k) / j)) + 1 for i, j, k in zip(image_size, target_step_sizes, patch_size)]
    steps = []
    for dim in range(len(patch_size)):
        max_step_value = image_size[dim] - patch_size[dim]
        actual_step_size = max_step_value / (num_steps[dim] - 1) if num_steps[dim] > 1 else 99999999999
        steps.append([int(round(actual_step_size * i)) for i in range(num_steps[dim])])
    return steps


class TinyUNet2d(nn.Module):
    def __init__(self, in_ch=1, n_classes=3, base=4):
        super().__init__()
        self.enc = nn.Sequential(nn.Conv2d(in_ch, base, 3, padding=1), nn.InstanceNorm2d(base, affine=True), nn.LeakyReLU(0.01))
        self.down = nn.Conv2d(base, 2 * base, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(2 * base, base, 2, stride=2)
        self.out = nn.Conv2d(2 * base, n_classes, 1)

    def forward(self, x):
        s = self.enc(x)
        return self.out(torch.cat([s, self.up(F.leaky_relu(self.down(s), 0.01))], dim=1))


class SlidingWindowPredictor(nn.Module):
    def __init__(self, patch_size=(8, 8), n_classes=3):
        super().__init__()
        self.network = TinyUNet2d(n_classes=n_classes)
        self.patch_size = patch_size
        self.n_classes = n_classes

    def forward(self, image):
        b, _, h, w = image.shape
        steps = compute_steps_for_sliding_window(self.patch_size, (h, w))
        gaussian = gaussian_importance_map(tuple(self.patch_size)).to(image)
        logits = image.new_zeros((b, self.n_classes, h, w))
        counts = image.new_zeros((1, 1, h, w))
        ph, pw = self.patch_size
        for y in steps[0]:
            for x in steps[1]:
                pred = self.network(image[:, :, y:y + ph, x:x + pw])
                logits[:, :, y:y + ph, x:x + pw] += pred * gaussian
                counts[:, :, y:y + ph, x:x + pw] += gaussian
        return (logits / counts).softmax(dim=1)


Model = SlidingWindowPredictor


def inputs():
    torch.manual_seed(4508)
    return [(torch.randn(1, 1, 12, 16),), (torch.randn(1, 1, 12, 16),), (torch.randn(2, 1, 16, 20),)]
