import torch
import torch.nn as nn
from torch.distributions import Bernoulli


class ClickModel(nn.Module):
    def __init__(self, dim=8):
        super().__init__()
        self.scorer = nn.Sequential(nn.Linear(dim, 16), nn.ReLU(), nn.Linear(16, 1))

    def forward(self, feats, clicks):
        logits = self.scorer(feats).squeeze(-1)
        dist = Bernoulli(logits=logits)
        return -dist.log_prob(clicks).mean()


Model = ClickModel


def inputs():
    torch.manual_seed(13)
    return [
        (torch.randn(6, 8), torch.tensor([0.0, 1.0, 1.0, 0.0, 0.0, 1.0])),
        (torch.randn(6, 8), torch.tensor([1.0, 1.0, 0.0, 0.0, 1.0, 1.0])),
    ]
