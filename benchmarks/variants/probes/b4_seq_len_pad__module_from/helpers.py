import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x):
    b, t, d = x.shape
    pad = (self.patch - t % self.patch) % self.patch
    if pad > 0:  # breaks: trace
        x = F.pad(x, (0, 0, 0, pad))
    x = x.reshape(b, -1, self.patch * d)
    return self.proj(x)
