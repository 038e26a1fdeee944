import functools
import torch
from torch import nn


def model_forward(self, boxes):
    if boxes.numel() == 0:
        return boxes.new_zeros((0,))
    w = boxes[:, 2] - boxes[:, 0]
    h = boxes[:, 3] - boxes[:, 1]
    return w * h


class Model(nn.Module):
    def forward(self, boxes):
        run = functools.partial(model_forward, self)
        return run(boxes)


def inputs():
    return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
