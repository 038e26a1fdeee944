import torch
from torch import nn


def model_forward(self, scores):
    rows, cols = torch.where(scores > 0.5)
    return scores[rows, cols].sum() + rows.float().sum()
