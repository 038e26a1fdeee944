import numpy as np
import torch
import torch.nn as nn


class ProbAttention(nn.Module):
    def __init__(self, factor=2, scale=None):
        super().__init__()
        self.factor, self.scale = factor, scale

    def _prob_QK(self, Q, K, n_top):
        B, H, L_Q, D = Q.shape
        M = Q.max(-1)[0] - Q.mean(-1)
        M_top = M.topk(n_top, sorted=False)[1]
        Q_reduce = Q[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], M_top, :]
        return Q_reduce @ K.transpose(-2, -1), M_top

    def forward(self, queries, keys, values):
        B, L_Q, H, D = queries.shape
        Q, K, V = (t.transpose(2, 1) for t in (queries, keys, values))
        u = self.factor * np.ceil(np.log(L_Q)).astype("int").item()  # breaks: compile,trace
        u = u if u < L_Q else L_Q
        scores_top, index = self._prob_QK(Q, K, u)
        scale = self.scale or 1.0 / np.sqrt(D)
        attn = torch.softmax(scores_top * scale, dim=-1)
        context = V.mean(dim=-2, keepdim=True).expand(B, H, L_Q, D).clone()
        context[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], index, :] = attn @ V
        return context.transpose(2, 1)


class Model(nn.Module):
    def __init__(self, d=8, heads=2):
        super().__init__()
        self.heads = heads
        self.proj = nn.Linear(d, 3 * d)
        self.attn = ProbAttention()

    def forward(self, x):
        B, L, _ = x.shape
        q, k, v = self.proj(x).view(B, L, 3, self.heads, -1).unbind(2)
        return self.attn(q, k, v).reshape(B, L, -1)


def inputs():
    torch.manual_seed(27)
    return [(torch.randn(2, 8, 8),), (torch.randn(2, 30, 8),), (torch.randn(3, 8, 8) * 2,)]
