import numpy as np
import torch
from torch import nn


class SpecAugment(nn.Module):
    def __init__(self, freq_mask: int = 2, time_mask: int = 3, num_masks: int = 2):
        super().__init__()
        self.freq_mask = freq_mask
        self.time_mask = time_mask
        self.num_masks = num_masks

    def forward(self, spec):
        if not self.training:
            return spec
        spec = spec.clone()
        _, n_freq, n_time = spec.shape
        for _ in range(self.num_masks):
            f = np.random.randint(0, self.freq_mask + 1)
            f0 = np.random.randint(0, n_freq - f + 1)
            spec[:, f0 : f0 + f, :] = 0
            t = np.random.randint(0, self.time_mask + 1)
            t0 = np.random.randint(0, n_time - t + 1)
            spec[:, :, t0 : t0 + t] = 0
        return spec


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.augment = SpecAugment()
        self.conv = nn.Conv1d(8, 8, 3, padding=1)
        self.proj = nn.Linear(8, 4)

    def forward(self, spec):
        x = self.conv(self.augment(spec))
        return self.proj(x.transpose(1, 2)).mean(1)


def inputs():
    return [(torch.randn(2, 8, 10),), (torch.randn(1, 8, 13),)]
