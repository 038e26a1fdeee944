import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x):
    if x.size(-1) % 2 == 1:
        x = F.pad(x, (0, 1))
    return self.conv(x)
