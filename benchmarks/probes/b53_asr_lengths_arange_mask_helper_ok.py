# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def make_pad_mask(lengths: Tensor, max_len: int) -> Tensor:
    """True on valid frames: (B, T)."""
    steps = torch.arange(max_len, device=lengths.device)
    return steps.unsqueeze(0) < lengths.unsqueeze(1)


def masked_mean_pool(feats: Tensor, lengths: Tensor) -> Tensor:
    mask = make_pad_mask(lengths, feats.size(1)).unsqueeze(-1).to(feats.dtype)
    total = (feats * mask).sum(dim=1)
    return total / mask.sum(dim=1).clamp(min=1.0)


def subsampled_lengths(lengths: Tensor, kernel: int, stride: int) -> Tensor:
    return torch.div(lengths - kernel, stride, rounding_mode="floor") + 1


class ConvSubsampler(nn.Module):
    def __init__(self, n_mels: int = 16, d: int = 24, kernel: int = 3, stride: int = 2):
        super().__init__()
        self.kernel = kernel
        self.stride = stride
        self.conv = nn.Conv1d(n_mels, d, kernel, stride=stride)

    def forward(self, x: Tensor, lengths: Tensor):
        y = F.gelu(self.conv(x.transpose(1, 2))).transpose(1, 2)
        return y, subsampled_lengths(lengths, self.kernel, self.stride)


class UtteranceClassifier(nn.Module):
    """Keyword/intent classifier on log-mel frames with per-utterance lengths."""

    def __init__(self, n_mels: int = 16, d: int = 24, n_classes: int = 5):
        super().__init__()
        self.sub = ConvSubsampler(n_mels, d)
        self.enc = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, d), nn.GELU())
        self.cls = nn.Linear(d, n_classes)

    def forward(self, mels: Tensor, lengths: Tensor) -> Tensor:
        h, lens = self.sub(mels, lengths)
        h = self.enc(h)
        return self.cls(masked_mean_pool(h, lens))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = UtteranceClassifier()

    def forward(self, mels: Tensor, lengths: Tensor) -> Tensor:
        return self.net(mels, lengths)


def inputs():
    torch.manual_seed(5304)
    return [
        (torch.randn(3, 21, 16), torch.tensor([21, 15, 9])),
        (torch.randn(2, 33, 16), torch.tensor([27, 33])),
    ]
