import torch
import torch.nn.functional as F
from torch import nn


def model_forward(self, x):
    bsz, seqlen, _ = x.shape
    q = self.wq(x).view(bsz, seqlen, self.n_heads, self.hd).transpose(1, 2)
    k = self.wk(x).view(bsz, seqlen, self.n_kv, self.hd).transpose(1, 2)
    v = self.wv(x).view(bsz, seqlen, self.n_kv, self.hd).transpose(1, 2)
    rep = self.n_heads // self.n_kv
    if rep > 1:
        k = k.repeat_interleave(rep, dim=1)
        v = v.repeat_interleave(rep, dim=1)
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return self.wo(out.transpose(1, 2).reshape(bsz, seqlen, -1))
