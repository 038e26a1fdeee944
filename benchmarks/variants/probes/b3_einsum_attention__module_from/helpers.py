import torch
from torch import nn


def model_forward(self, x, mask):
    b, n, _ = x.shape
    q, k, v = self.to_qkv(x).chunk(3, dim=-1)
    q, k, v = (t.reshape(b, n, self.heads, -1).transpose(1, 2) for t in (q, k, v))
    sim = torch.einsum("bhid,bhjd->bhij", q, k) * self.scale
    sim = sim.masked_fill(~mask[:, None, None, :], torch.finfo(sim.dtype).min)
    attn = sim.softmax(dim=-1)
    out = torch.einsum("bhij,bhjd->bhid", attn, v)
    return self.to_out(out.transpose(1, 2).reshape(b, n, -1))
