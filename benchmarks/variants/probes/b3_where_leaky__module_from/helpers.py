import torch
from torch import nn


def model_forward(self, x, pad_mask):
    h = self.fc(x)
    h = torch.where(h > 0, h, self.slope * h)
    h = h.masked_fill(pad_mask[..., None], 0.0)
    denom = (~pad_mask).sum(dim=1, keepdim=True).clamp(min=1)
    return h.sum(dim=1) / denom
