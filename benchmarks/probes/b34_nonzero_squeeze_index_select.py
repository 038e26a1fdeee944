import torch
import torch.nn as nn


class ForegroundEmbed(nn.Module):
    def __init__(self, dim=8, thresh=0.5):
        super().__init__()
        self.thresh = thresh
        self.embed = nn.Linear(dim, dim)

    def forward(self, points, scores):
        idx = (scores > self.thresh).nonzero().squeeze(1)
        fg = points.index_select(0, idx)
        return self.embed(fg).amax(dim=0)


Model = ForegroundEmbed


def inputs():
    torch.manual_seed(3422)
    return [
        (torch.randn(6, 8), torch.tensor([0.9, 0.1, 0.7, 0.2, 0.6, 0.3])),
        (torch.randn(4, 8), torch.tensor([0.8, 0.9, 0.1, 0.95])),
    ]
