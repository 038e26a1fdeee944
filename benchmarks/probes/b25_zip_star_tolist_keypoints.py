import torch
import torch.nn as nn


class KeypointCentroid(nn.Module):
    def __init__(self, dim=4):
        super().__init__()
        self.offset = nn.Linear(dim, 2)

    def forward(self, feats, points):
        xs, ys = zip(*points.tolist())  # breaks: compile,trace
        centre = torch.tensor([sum(xs) / len(xs), sum(ys) / len(ys)])
        return self.offset(feats) + centre


Model = KeypointCentroid


def inputs():
    torch.manual_seed(7)
    return [
        (torch.randn(3, 4), torch.rand(5, 2)),
        (torch.randn(3, 4), torch.rand(5, 2) * 10),
    ]
