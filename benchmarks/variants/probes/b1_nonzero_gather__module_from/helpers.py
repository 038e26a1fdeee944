import torch
from torch import nn


def model_forward(self, scores, feats):
    keep = (scores > 0.5).nonzero().squeeze(1)
    return feats.index_select(0, keep).sum(0)
