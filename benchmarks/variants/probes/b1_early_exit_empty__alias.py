import torch as T
from torch import nn as tnn


class Model(tnn.Module):
    def forward(self, boxes):
        if boxes.numel() == 0:
            return boxes.new_zeros((0,))
        w = boxes[:, 2] - boxes[:, 0]
        h = boxes[:, 3] - boxes[:, 1]
        return w * h


def inputs():
    return [(T.rand(3, 4),), (T.rand(5, 4),)]
