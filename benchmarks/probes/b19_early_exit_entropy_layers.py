import torch
import torch.nn as nn
import torch.nn.functional as F


def entropy(logits):
    p = F.softmax(logits, dim=-1)
    return -(p * F.log_softmax(logits, dim=-1)).sum(-1)


class ExitHead(nn.Module):
    def __init__(self, d, n):
        super().__init__()
        self.fc = nn.Linear(d, n)

    def forward(self, h):
        return self.fc(h.mean(1))


class Model(nn.Module):
    def __init__(self, d=16, n_layers=4, n_cls=5, threshold=0.9):
        super().__init__()
        self.layers = nn.ModuleList(nn.TransformerEncoderLayer(d, 2, 32, batch_first=True, dropout=0.0) for _ in range(n_layers))
        self.heads = nn.ModuleList(ExitHead(d, n_cls) for _ in range(n_layers))
        self.threshold = threshold

    def forward(self, x):
        logits = None
        for layer, head in zip(self.layers, self.heads):
            x = layer(x)
            logits = head(x)
            if entropy(logits).max() < self.threshold:  # breaks: compile,export
                break
        return logits


def inputs():
    torch.manual_seed(4)
    return [(torch.randn(2, 6, 16),), (torch.randn(2, 6, 16) * 10,), (torch.randn(1, 9, 16),)]
