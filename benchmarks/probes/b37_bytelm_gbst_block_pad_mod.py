# ruff: noqa  (a probe is written as users write models)
import math

import torch
from torch import nn
import torch.nn.functional as F


def pad_to_multiple(t, multiple, dim=-2, value=0.0):
    seq_len = t.shape[dim]
    remainder = -seq_len % multiple
    if remainder == 0:
        return t
    pad_offset = (0,) * (-1 - dim) * 2
    return F.pad(t, (*pad_offset, 0, remainder), value=value)


class GBST(nn.Module):
    """Gradient-based subword tokenization: soft choice among byte block sizes, then downsample."""

    def __init__(self, num_tokens=259, dim=32, max_block_size=4, downsample_factor=4, score_consensus_attn=True):
        super().__init__()
        self.embed = nn.Embedding(num_tokens, dim)
        self.pos_conv = nn.Conv1d(dim, dim, max_block_size, groups=dim, padding=max_block_size // 2)
        self.score_fn = nn.Linear(dim, 1)
        self.block_sizes = list(range(1, max_block_size + 1))
        self.block_pad_multiple = math.lcm(*self.block_sizes)
        self.downsample_factor = downsample_factor
        self.score_consensus_attn = score_consensus_attn

    def forward(self, tokens):
        b, n = tokens.shape
        x = self.embed(tokens)
        x = self.pos_conv(x.transpose(1, 2))[..., :n].transpose(1, 2)
        x = pad_to_multiple(x, self.block_pad_multiple)
        reprs = []
        for bs in self.block_sizes:
            blocks = x.view(b, -1, bs, x.shape[-1]).mean(dim=2)
            reprs.append(blocks.repeat_interleave(bs, dim=1))
        reprs = torch.stack(reprs, dim=2)
        scores = self.score_fn(reprs).squeeze(-1).softmax(dim=-1)
        if self.score_consensus_attn:
            sim = torch.einsum("bim,bjm->bij", scores, scores).softmax(dim=-1)
            scores = torch.einsum("bij,bjm->bim", sim, scores)
        x = (reprs * scores.unsqueeze(-1)).sum(dim=2)
        x = pad_to_multiple(x[:, :n], self.downsample_factor)
        return x.view(b, -1, self.downsample_factor, x.shape[-1]).mean(dim=2)


Model = GBST


def inputs():
    torch.manual_seed(3702)
    return [(torch.randint(0, 259, (2, 13)),), (torch.randint(0, 259, (3, 22)),)]
