import torch
import torch.nn as nn


class BYOLPredictor(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.online = nn.Linear(dim, dim)
        self.predictor = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, dim))

    def forward(self, view_a, view_b):
        pred = self.predictor(self.online(view_a))
        target = self.online(view_b).data
        target.div_(target.norm(dim=-1, keepdim=True))
        return (pred * target).sum(-1)


Model = BYOLPredictor


def inputs():
    torch.manual_seed(3421)
    return [(torch.randn(2, 8), torch.randn(2, 8)), (torch.randn(5, 8), torch.randn(5, 8))]
