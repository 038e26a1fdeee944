import torch
from torch import nn


def box_area(boxes):
    if not len(boxes):
        return boxes.new_zeros(0)
    return (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])


class Model(nn.Module):
    def forward(self, boxes):
        return box_area(boxes).sqrt()


def inputs():
    return [(torch.tensor([[0.0, 0.0, 2.0, 3.0], [1.0, 1.0, 4.0, 2.0]]),), (torch.zeros(0, 4),)]
