import torch
import torch.nn as nn

CHARSET = "-0123456789abcdefghijklmnopqrstuvwxyz"


class CTCHead(nn.Module):
    def __init__(self, in_features, num_classes):
        super().__init__()
        self.proj = nn.Linear(in_features, num_classes)

    def forward(self, seq):
        return self.proj(seq).log_softmax(-1)


def greedy_collapse(best, blank=0):
    keep = torch.ones_like(best, dtype=torch.bool)
    keep[:, 1:] = best[:, 1:] != best[:, :-1]
    keep &= best != blank
    return [row[m].tolist() for row, m in zip(best, keep)]  # breaks: compile,export,trace


class Model(nn.Module):
    def __init__(self, feat_dim=8, hidden=32):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv1d(feat_dim, hidden, 3, padding=1), nn.GELU(), nn.Conv1d(hidden, hidden, 3, padding=1)
        )
        self.head = CTCHead(hidden, len(CHARSET))

    def forward(self, feats):
        x = self.encoder(feats).transpose(1, 2)
        log_probs = self.head(x)
        tokens = greedy_collapse(log_probs.argmax(-1))
        return log_probs, tokens


def inputs():
    torch.manual_seed(3016)
    return [(torch.randn(2, 8, 20),), (torch.randn(3, 8, 20) * 3,)]
