from typing import Optional

import torch
from torch import nn


def make_pad_mask(lengths: torch.Tensor, max_len: Optional[int] = None) -> torch.Tensor:
    if max_len is None:
        max_len = int(lengths.max().item())  # breaks: compile,export,trace
    seq = torch.arange(max_len, device=lengths.device)
    return seq[None, :] >= lengths[:, None]


class ConvSubsampling(nn.Module):
    def __init__(self, feat_dim: int = 8, dim: int = 8):
        super().__init__()
        self.conv = nn.Conv1d(feat_dim, dim, kernel_size=3, stride=2, padding=1)

    def forward(self, feats, lengths):
        x = self.conv(feats.transpose(1, 2)).transpose(1, 2)
        return x, (lengths + 1) // 2


class Model(nn.Module):
    def __init__(self, dim: int = 8):
        super().__init__()
        self.subsample = ConvSubsampling(dim, dim)
        self.attn = nn.MultiheadAttention(dim, 2, batch_first=True)
        self.out = nn.Linear(dim, dim)

    def forward(self, feats, feat_lengths):
        x, lengths = self.subsample(feats, feat_lengths)
        mask = make_pad_mask(lengths)
        x = x[:, : mask.shape[1]]
        h, _ = self.attn(x, x, x, key_padding_mask=mask)
        return self.out(h).masked_fill(mask[..., None], 0.0)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 12, 8), torch.tensor([12, 9])),
        (torch.randn(2, 12, 8), torch.tensor([7, 5])),
    ]
