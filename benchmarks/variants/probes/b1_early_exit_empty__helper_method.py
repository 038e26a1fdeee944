import torch
from torch import nn


class Model(nn.Module):
    def forward(self, boxes):
        return self._forward_impl(boxes)
    def _forward_impl(self, boxes):
        if boxes.numel() == 0:
            return boxes.new_zeros((0,))
        w = boxes[:, 2] - boxes[:, 0]
        h = boxes[:, 3] - boxes[:, 1]
        return w * h


def inputs():
    return [(torch.rand(3, 4),), (torch.rand(5, 4),)]
