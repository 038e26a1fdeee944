import torch
from torch import nn


class ProposalSelector(nn.Module):
    def __init__(self, dim: int = 8, pre_nms_top_n: int = 6):
        super().__init__()
        self.pre_nms_top_n = pre_nms_top_n
        self.score = nn.Linear(dim, 1)

    def forward(self, feats):
        scores = self.score(feats).squeeze(-1)
        k = min(self.pre_nms_top_n, scores.size(-1))  # breaks: trace
        top_scores, idx = scores.topk(k, dim=-1)
        picked = feats.gather(1, idx.unsqueeze(-1).expand(-1, -1, feats.size(-1)))
        return picked * top_scores.sigmoid().unsqueeze(-1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.selector = ProposalSelector()

    def forward(self, x):
        return self.selector(x)


def inputs():
    return [(torch.randn(2, 9, 8),), (torch.randn(2, 4, 8),)]
