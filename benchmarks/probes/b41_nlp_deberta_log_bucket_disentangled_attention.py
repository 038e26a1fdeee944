# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
from torch import Tensor


def make_log_bucket_position(relative_pos: Tensor, bucket_size: int, max_position: int) -> Tensor:
    sign = torch.sign(relative_pos)
    mid = bucket_size // 2
    abs_pos = torch.where((relative_pos < mid) & (relative_pos > -mid), torch.tensor(mid - 1).type_as(relative_pos), torch.abs(relative_pos))
    log_pos = torch.ceil(torch.log(abs_pos / mid) / math.log((max_position - 1) / mid) * (mid - 1)) + mid
    return torch.where(abs_pos <= mid, relative_pos.type_as(log_pos), log_pos * sign)


def build_relative_position(query_layer: Tensor, key_layer: Tensor, bucket_size: int = -1, max_position: int = -1) -> Tensor:
    q_ids = torch.arange(0, query_layer.size(-2), device=query_layer.device)
    k_ids = torch.arange(0, key_layer.size(-2), device=key_layer.device)
    rel_pos_ids = q_ids[:, None] - k_ids[None, :]
    if bucket_size > 0 and max_position > 0:
        rel_pos_ids = make_log_bucket_position(rel_pos_ids, bucket_size, max_position)
    return rel_pos_ids.to(torch.long).unsqueeze(0)


class DisentangledSelfAttention(nn.Module):
    def __init__(self, hidden: int = 32, heads: int = 4, position_buckets: int = 8, max_relative_positions: int = 64):
        super().__init__()
        self.h = heads
        self.d = hidden // heads
        self.position_buckets = position_buckets
        self.max_relative_positions = max_relative_positions
        self.query_proj = nn.Linear(hidden, hidden)
        self.key_proj = nn.Linear(hidden, hidden)
        self.value_proj = nn.Linear(hidden, hidden)
        self.rel_embeddings = nn.Embedding(position_buckets * 2, hidden)
        self.out = nn.Linear(hidden, hidden)

    def split(self, x: Tensor) -> Tensor:
        b, n, _ = x.shape
        return x.view(b, n, self.h, self.d).transpose(1, 2)

    def forward(self, hidden_states: Tensor, attention_mask: Tensor = None) -> Tensor:
        q, k, v = (self.split(p(hidden_states)) for p in (self.query_proj, self.key_proj, self.value_proj))
        scale = math.sqrt(self.d * 3)
        scores = q @ k.transpose(-1, -2)
        rel_pos = build_relative_position(q, k, self.position_buckets, self.max_relative_positions)
        att_span = self.position_buckets
        rel = self.rel_embeddings.weight[: att_span * 2].unsqueeze(0)
        pos_k = self.split(self.key_proj(rel))
        pos_q = self.split(self.query_proj(rel))
        c2p_idx = torch.clamp(rel_pos + att_span, 0, att_span * 2 - 1).squeeze(0)
        c2p = torch.gather(q @ pos_k.transpose(-1, -2), -1, c2p_idx.expand(q.size(0), self.h, -1, -1))
        p2c_idx = torch.clamp(-rel_pos + att_span, 0, att_span * 2 - 1).squeeze(0)
        p2c = torch.gather(k @ pos_q.transpose(-1, -2), -1, p2c_idx.expand(q.size(0), self.h, -1, -1)).transpose(-1, -2)
        scores = (scores + c2p + p2c) / scale
        if attention_mask is not None:
            scores = scores.masked_fill(~attention_mask[:, None, None, :].bool(), torch.finfo(scores.dtype).min)
        ctx = scores.softmax(-1) @ v
        return self.out(ctx.transpose(1, 2).flatten(2))


Model = DisentangledSelfAttention


def inputs():
    torch.manual_seed(4113)
    m = torch.ones(2, 20, dtype=torch.long)
    m[1, 15:] = 0
    return [(torch.randn(2, 20, 32), m), (torch.randn(1, 9, 32), torch.ones(1, 9, dtype=torch.long))]
