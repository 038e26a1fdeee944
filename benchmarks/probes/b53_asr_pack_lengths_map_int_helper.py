# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


def _trim_and_pool(feats, lengths):
    """Mean-pool each utterance over its valid frames."""
    sizes = list(map(int, lengths))
    pooled = []
    for i, n in enumerate(sizes):
        pooled.append(feats[i, :n].mean(dim=0))
    return torch.stack(pooled, dim=0)


def _subsampled_lengths(lengths, kernel: int, stride: int):
    return torch.div(lengths - kernel, stride, rounding_mode="floor") + 1


class ConvSubsampler(nn.Module):
    def __init__(self, n_mels: int = 16, d: int = 24, kernel: int = 3, stride: int = 2):
        super().__init__()
        self.kernel, self.stride = kernel, stride
        self.conv = nn.Conv1d(n_mels, d, kernel, stride=stride)

    def forward(self, x, lengths):
        y = F.gelu(self.conv(x.transpose(1, 2))).transpose(1, 2)
        return y, _subsampled_lengths(lengths, self.kernel, self.stride)


class UtteranceClassifier(nn.Module):
    """Keyword/intent classifier on log-mel frames with per-utterance lengths."""

    def __init__(self, n_mels: int = 16, d: int = 24, n_classes: int = 5, pool=_trim_and_pool):
        super().__init__()
        self.sub = ConvSubsampler(n_mels, d)
        self.enc = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU())
        self.pool = pool
        self.cls = nn.Linear(d, n_classes)

    def forward(self, mels, lengths):
        h, lens = self.sub(mels, lengths)
        h = self.enc(h)
        return self.cls(self.pool(h, lens))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = UtteranceClassifier()

    def forward(self, mels, lengths):
        return self.net(mels, lengths)


def inputs():
    torch.manual_seed(5303)
    return [
        (torch.randn(3, 21, 16), torch.tensor([21, 15, 9])),
        (torch.randn(2, 33, 16), torch.tensor([27, 33])),
    ]
