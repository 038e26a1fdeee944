# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def attention(q: Tensor, k: Tensor, v: Tensor, scale: float, bias: Tensor | None = None) -> Tensor:
    scores = (q @ k.mT) * scale
    if bias is not None:
        scores = scores + bias
    return F.softmax(scores, dim=-1) @ v


class MultiHead(nn.Module):
    def __init__(self, d: int, heads: int):
        super().__init__()
        self.h = heads
        self.scale = (d // heads) ** -0.5
        self.q = nn.Linear(d, d)
        self.kv = nn.Linear(d, 2 * d)
        self.o = nn.Linear(d, d)

    def _split(self, x: Tensor) -> Tensor:
        return x.unflatten(-1, (self.h, -1)).transpose(1, 2)

    def forward(self, x: Tensor, ctx: Tensor | None = None, bias: Tensor | None = None) -> Tensor:
        src = x if ctx is None else ctx
        k, v = self.kv(src).chunk(2, dim=-1)
        out = attention(self._split(self.q(x)), self._split(k), self._split(v), self.scale, bias)
        return self.o(out.transpose(1, 2).flatten(2))


class DecoderLayer(nn.Module):
    """Pre-norm decoder layer; cross-attention runs only when an encoder memory is given."""

    def __init__(self, d: int = 32, heads: int = 4):
        super().__init__()
        self.n1, self.n2, self.n3 = nn.LayerNorm(d), nn.LayerNorm(d), nn.LayerNorm(d)
        self.self_attn = MultiHead(d, heads)
        self.cross_attn = MultiHead(d, heads)
        self.ff = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x: Tensor, memory: Tensor | None = None) -> Tensor:
        t = x.shape[1]
        causal = torch.full((t, t), float("-inf"), device=x.device).triu(1)
        x = x + self.self_attn(self.n1(x), bias=causal)
        if memory is not None:
            x = x + self.cross_attn(self.n2(x), ctx=memory)
        return x + self.ff(self.n3(x))


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(64, 32)
        self.layers = nn.ModuleList([DecoderLayer(), DecoderLayer()])
        self.out = nn.Linear(32, 64)

    def forward(self, ids: Tensor, memory: Tensor) -> Tensor:
        x = self.embed(ids)
        for layer in self.layers:
            x = layer(x, memory)
        return self.out(x)


def inputs():
    torch.manual_seed(5824)
    return [
        (torch.randint(0, 64, (2, 6)), torch.randn(2, 9, 32)),
        (torch.randint(0, 64, (1, 10)), torch.randn(1, 4, 32)),
    ]
