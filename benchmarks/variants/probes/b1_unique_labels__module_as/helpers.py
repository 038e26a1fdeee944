import torch
from torch import nn


def model_forward(self, labels, feats):
    classes = torch.unique(labels)
    return feats[:, : classes.numel()].sum(-1)
