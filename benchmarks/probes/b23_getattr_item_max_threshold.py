import torch
from torch import nn


class RelativeScoreGate(nn.Module):
    def __init__(self, dim=12, ratio=0.5):
        super().__init__()
        self.scorer = nn.Linear(dim, 1)
        self.ratio = ratio

    def _peak(self, scores):
        to_py = getattr(scores.max(), "item")
        return to_py()  # breaks: compile

    def forward(self, x):
        scores = self.scorer(x).squeeze(-1)
        cutoff = self.ratio * self._peak(scores)
        keep = (scores >= cutoff).float().unsqueeze(-1)
        return x * keep


Model = RelativeScoreGate


def inputs():
    torch.manual_seed(13)
    return [(torch.randn(6, 12),), (torch.randn(6, 12) * 3,), (torch.randn(9, 12) + 1,)]
