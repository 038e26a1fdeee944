import torch
from torch import nn


def model_forward(self, boxes):
    if boxes.numel() == 0:
        return boxes.new_zeros((0,))
    w = boxes[:, 2] - boxes[:, 0]
    h = boxes[:, 3] - boxes[:, 1]
    return w * h
