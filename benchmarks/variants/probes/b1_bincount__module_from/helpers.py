import torch
from torch import nn


def model_forward(self, ids):
    counts = torch.bincount(ids)
    return counts.float() / ids.numel()
