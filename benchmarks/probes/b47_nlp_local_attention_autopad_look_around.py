# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from einops import rearrange


def exists(val):
    return val is not None


def default(value, d):
    return d if not exists(value) else value


def pad_to_multiple(tensor, multiple, dim=-1, value=0):
    seqlen = tensor.shape[dim]
    m = seqlen / multiple
    if m.is_integer():
        return False, tensor
    remainder = (-seqlen) % multiple
    pad_offset = (0,) * (-1 - dim) * 2
    return True, F.pad(tensor, (*pad_offset, 0, remainder), value=value)


def look_around(x, backward=1, forward=0, pad_value=-1, dim=2):
    t = x.shape[1]
    dims = (len(x.shape) - dim) * (0, 0)
    padded_x = F.pad(x, (*dims, backward, forward), value=pad_value)
    tensors = [padded_x[:, ind : (ind + t), ...] for ind in range(forward + backward + 1)]
    return torch.cat(tensors, dim=dim)


class LocalAttention(nn.Module):
    def __init__(self, window_size, causal=True, look_backward=1, look_forward=None):
        super().__init__()
        self.window_size = window_size
        self.causal = causal
        self.look_backward = look_backward
        self.look_forward = default(look_forward, 0 if causal else 1)

    def forward(self, q, k, v):
        b, n, d = q.shape
        autopad = n % self.window_size != 0
        if autopad:
            (_, q), (_, k), (_, v) = map(lambda t: pad_to_multiple(t, self.window_size, dim=-2), (q, k, v))
        padded_len = q.shape[-2]
        windows = padded_len // self.window_size
        seq = torch.arange(padded_len, device=q.device)
        b_t = rearrange(seq, "(w n) -> 1 w n", w=windows, n=self.window_size)
        bq, bk, bv = map(lambda t: rearrange(t, "b (w n) d -> b w n d", w=windows), (q, k, v))
        bk = look_around(bk, backward=self.look_backward, forward=self.look_forward, pad_value=0)
        bv = look_around(bv, backward=self.look_backward, forward=self.look_forward, pad_value=0)
        bq_t = b_t
        bq_k = look_around(b_t, backward=self.look_backward, forward=self.look_forward, pad_value=-1)
        sim = torch.einsum("b h i e, b h j e -> b h i j", bq, bk) * (d**-0.5)
        mask_value = -torch.finfo(sim.dtype).max
        if self.causal:
            causal_mask = bq_t[..., :, None] < bq_k[..., None, :]
            sim = sim.masked_fill(causal_mask, mask_value)
        pad_mask = (bq_k[..., None, :] == -1) | (bq_k[..., None, :] >= n)
        sim = sim.masked_fill(pad_mask, mask_value)
        attn = sim.softmax(dim=-1)
        out = torch.einsum("b h i j, b h j e -> b h i e", attn, bv)
        out = rearrange(out, "b w n d -> b (w n) d")
        return out[:, :n]


class LocalMHA(nn.Module):
    def __init__(self, dim=16, heads=2, window_size=4):
        super().__init__()
        self.heads = heads
        self.to_qkv = nn.Linear(dim, dim * 3, bias=False)
        self.attn = LocalAttention(window_size, causal=True)
        self.to_out = nn.Linear(dim, dim)

    def forward(self, x):
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = map(lambda t: rearrange(t, "b n (h d) -> (b h) n d", h=self.heads), (q, k, v))
        out = self.attn(q, k, v)
        out = rearrange(out, "(b h) n d -> b n (h d)", h=self.heads)
        return self.to_out(out)


Model = LocalMHA


def inputs():
    torch.manual_seed(4725)
    return [(torch.randn(2, 8, 16),), (torch.randn(1, 11, 16),), (torch.randn(2, 6, 16),)]
