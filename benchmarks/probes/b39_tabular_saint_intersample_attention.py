# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, dim, heads=2, dim_head=8):
        super().__init__()
        inner = heads * dim_head
        self.heads = heads
        self.scale = dim_head**-0.5
        self.to_qkv = nn.Linear(dim, inner * 3, bias=False)
        self.to_out = nn.Linear(inner, dim)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.to_qkv(x).chunk(3, dim=-1)
        q, k, v = (t.reshape(b, n, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        attn = (q @ k.transpose(-2, -1) * self.scale).softmax(dim=-1)
        out = (attn @ v).transpose(1, 2).reshape(b, n, -1)
        return self.to_out(out)


class RowColTransformer(nn.Module):
    """SAINT block: self-attention over columns, then inter-sample attention over the rows of the batch."""

    def __init__(self, dim, nfeats, depth=2):
        super().__init__()
        self.layers = nn.ModuleList()
        for _ in range(depth):
            self.layers.append(nn.ModuleList([
                nn.LayerNorm(dim), Attention(dim), nn.LayerNorm(dim), nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim)),
                nn.LayerNorm(dim * nfeats), Attention(dim * nfeats, heads=2, dim_head=16), nn.LayerNorm(dim * nfeats),
                nn.Sequential(nn.Linear(dim * nfeats, dim * nfeats), nn.GELU()),
            ]))

    def forward(self, x):
        _, n, d = x.shape
        for norm1, attn1, norm2, ff1, norm3, attn2, norm4, ff2 in self.layers:
            x = x + attn1(norm1(x))
            x = x + ff1(norm2(x))
            x = x.reshape(1, -1, n * d)
            x = x + attn2(norm3(x))
            x = x + ff2(norm4(x))
            x = x.reshape(-1, n, d)
        return x


class SAINT(nn.Module):
    def __init__(self, categories=(4, 6, 3), num_continuous=3, dim=8, num_classes=2):
        super().__init__()
        self.num_categories = len(categories)
        offsets = F.pad(torch.tensor(categories), (1, 0), value=2).cumsum(-1)[:-1]
        self.register_buffer("categories_offset", offsets)
        self.embeds = nn.Embedding(sum(categories) + 2, dim)
        self.cont_mlps = nn.ModuleList([nn.Sequential(nn.Linear(1, dim), nn.ReLU(), nn.Linear(dim, dim)) for _ in range(num_continuous)])
        nfeats = 1 + len(categories) + num_continuous
        self.cls = nn.Parameter(torch.randn(1, 1, dim))
        self.transformer = RowColTransformer(dim, nfeats)
        self.mlpfory = nn.Sequential(nn.Linear(dim, dim), nn.ReLU(), nn.Linear(dim, num_classes))

    def forward(self, x_categ, x_cont):
        x_categ_enc = self.embeds(x_categ + self.categories_offset.type_as(x_categ))
        x_cont_enc = torch.stack([mlp(x_cont[:, i : i + 1]) for i, mlp in enumerate(self.cont_mlps)], dim=1)
        cls = self.cls.expand(x_categ.shape[0], -1, -1)
        x = self.transformer(torch.cat([cls, x_categ_enc, x_cont_enc], dim=1))
        return self.mlpfory(x[:, 0, :])


Model = SAINT


def inputs():
    torch.manual_seed(3924)
    def categ(n):
        return torch.stack([torch.randint(0, c, (n,)) for c in (4, 6, 3)], dim=1)
    return [(categ(4), torch.randn(4, 3)), (categ(7), torch.randn(7, 3))]
