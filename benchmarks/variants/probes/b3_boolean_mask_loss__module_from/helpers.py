import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, h, labels):
    logits = self.head(h)
    valid = labels != -100
    return F.cross_entropy(logits[valid], labels[valid])  # breaks: compile
