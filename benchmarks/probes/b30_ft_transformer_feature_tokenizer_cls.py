import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class ReGLU(nn.Module):
    def forward(self, x):
        a, b = x.chunk(2, dim=-1)
        return a * F.relu(b)


class FeatureTokenizer(nn.Module):
    def __init__(self, n_num, cards, d):
        super().__init__()
        self.num_weight = nn.Parameter(torch.randn(n_num, d) / math.sqrt(d))
        self.num_bias = nn.Parameter(torch.zeros(n_num, d))
        self.cat_emb = nn.Embedding(sum(cards), d)
        self.register_buffer("offsets", torch.tensor((0,) + tuple(cards[:-1])).cumsum(0), persistent=False)
        self.cls = nn.Parameter(torch.zeros(1, 1, d))

    def forward(self, x_num, x_cat):
        num_tok = x_num.unsqueeze(-1) * self.num_weight + self.num_bias
        cat_tok = self.cat_emb(x_cat + self.offsets)
        return torch.cat([self.cls.expand(x_num.size(0), -1, -1), num_tok, cat_tok], dim=1)


class PreNormBlock(nn.Module):
    def __init__(self, d, heads, ff_mult=2):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(d), nn.LayerNorm(d)
        self.qkv, self.out = nn.Linear(d, 3 * d), nn.Linear(d, d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * ff_mult * d), ReGLU(), nn.Linear(ff_mult * d, d))

    def forward(self, x):
        b, n, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).view(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4).unbind(0)
        a = F.scaled_dot_product_attention(q, k, v)
        x = x + self.out(a.transpose(1, 2).reshape(b, n, d))
        return x + self.ff(self.norm2(x))


class Model(nn.Module):
    def __init__(self, n_num=4, cards=(3, 5, 7), d=16, depth=2):
        super().__init__()
        self.tokenizer = FeatureTokenizer(n_num, cards, d)
        self.blocks = nn.Sequential(*[PreNormBlock(d, heads=2) for _ in range(depth)])
        self.head = nn.Sequential(nn.LayerNorm(d), nn.ReLU(), nn.Linear(d, 1))

    def forward(self, x_num, x_cat):
        x = self.blocks(self.tokenizer(x_num, x_cat))
        return self.head(x[:, 0]).squeeze(-1)


def inputs():
    torch.manual_seed(3002)
    cat = lambda b: torch.stack([torch.randint(0, c, (b,)) for c in (3, 5, 7)], 1)
    return [(torch.randn(8, 4), cat(8)), (torch.randn(5, 4), cat(5))]
