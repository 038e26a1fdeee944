import torch
from torch import nn


def model_forward(self, feats):
    scores = self.cls(feats).squeeze(-1).sigmoid()
    num_pos = int((scores > 0.5).sum())  # breaks: compile,export
    top = scores.topk(max(num_pos, 1)).values
    return top.mean()
