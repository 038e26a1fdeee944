# ruff: noqa  (a probe is written as users write models)
from math import sqrt

import numpy as np
import torch
import torch.nn as nn


class ProbAttention(nn.Module):
    def __init__(self, mask_flag=False, factor=1, scale=None):
        super().__init__()
        self.factor = factor
        self.scale = scale
        self.mask_flag = mask_flag

    def _prob_QK(self, Q, K, n_top):
        # full Q.K^T (the reference samples keys; small inputs use them all)
        Q_K = torch.matmul(Q, K.transpose(-2, -1))
        L_K = K.shape[-2]
        M = Q_K.max(-1)[0] - torch.div(Q_K.sum(-1), L_K)
        M_top = M.topk(n_top, sorted=False)[1]
        return Q_K, M_top

    def _get_initial_context(self, V, L_Q):
        V_sum = V.mean(dim=-2)
        return V_sum.unsqueeze(-2).expand(V.shape[0], V.shape[1], L_Q, V_sum.shape[-1]).clone()

    def forward(self, queries, keys, values):
        B, L_Q, H, D = queries.shape
        _, L_K, _, _ = keys.shape
        queries, keys, values = (t.transpose(2, 1) for t in (queries, keys, values))
        u = self.factor * np.ceil(np.log(L_Q)).astype("int").item()
        u = u if u < L_Q else L_Q
        scores, index = self._prob_QK(queries, keys, n_top=u)
        scale = self.scale or 1.0 / sqrt(D)
        scores_top = torch.gather(scores, 2, index.unsqueeze(-1).expand(-1, -1, -1, L_K)) * scale
        context = self._get_initial_context(values, L_Q)
        attn = torch.softmax(scores_top, dim=-1)
        context.scatter_(2, index.unsqueeze(-1).expand(-1, -1, -1, D), torch.matmul(attn, values))
        return context.transpose(2, 1).contiguous()


class AttentionLayer(nn.Module):
    def __init__(self, d_model=16, n_heads=2):
        super().__init__()
        d_keys = d_model // n_heads
        self.inner_attention = ProbAttention(factor=1)
        self.query_projection = nn.Linear(d_model, d_keys * n_heads)
        self.key_projection = nn.Linear(d_model, d_keys * n_heads)
        self.value_projection = nn.Linear(d_model, d_keys * n_heads)
        self.out_projection = nn.Linear(d_keys * n_heads, d_model)
        self.n_heads = n_heads

    def forward(self, x):
        B, L, _ = x.shape
        H = self.n_heads
        q = self.query_projection(x).view(B, L, H, -1)
        k = self.key_projection(x).view(B, L, H, -1)
        v = self.value_projection(x).view(B, L, H, -1)
        out = self.inner_attention(q, k, v).view(B, L, -1)
        return self.out_projection(out)


class InformerEncoder(nn.Module):
    def __init__(self, enc_in=3, d_model=16):
        super().__init__()
        self.embed = nn.Conv1d(enc_in, d_model, 3, padding=1, padding_mode="circular")
        self.attn = AttentionLayer(d_model)
        self.norm = nn.LayerNorm(d_model)
        self.proj = nn.Linear(d_model, 1)

    def forward(self, x_enc):
        x = self.embed(x_enc.permute(0, 2, 1)).transpose(1, 2)
        x = self.norm(x + self.attn(x))
        return self.proj(x).squeeze(-1)


Model = InformerEncoder


def inputs():
    torch.manual_seed(4513)
    return [(torch.randn(2, 8, 3),), (torch.randn(2, 8, 3),), (torch.randn(2, 24, 3),)]
