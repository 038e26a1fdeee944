import torch
from torch import nn


class UtteranceCMVN(nn.Module):
    def __init__(self, eps: float = 1e-3, norm_vars: bool = True):
        super().__init__()
        self.eps = eps
        self.norm_vars = norm_vars

    def forward(self, feats):
        feats = feats - feats.mean(dim=1, keepdim=True)
        if self.norm_vars:
            spread = float(feats.std())  # breaks: export,trace
            if spread > self.eps:  # breaks: compile
                feats = feats / spread
        return feats


class Model(nn.Module):
    def __init__(self, n_feats: int = 20):
        super().__init__()
        self.cmvn = UtteranceCMVN()
        self.conv = nn.Conv1d(n_feats, 32, 3, padding=1)
        self.out = nn.Linear(32, 5)

    def forward(self, feats):
        h = torch.relu(self.conv(self.cmvn(feats).transpose(1, 2)))
        return self.out(h.transpose(1, 2))


def inputs():
    torch.manual_seed(0)
    return [(torch.randn(2, 15, 20) * 4,), (torch.randn(2, 15, 20) * 0.5,)]
