# ruff: noqa  (a probe is written as users write models)
from dataclasses import dataclass

import torch
import torch.nn.functional as F
from torch import nn


@dataclass
class TabConfig:
    categories: tuple = (3, 5, 4)
    num_continuous: int = 2
    dim: int = 8
    depth: int = 2
    heads: int = 2
    num_special_tokens: int = 2
    mlp_hidden_mults: tuple = (4, 2)
    dim_out: int = 1


class MLP(nn.Module):
    def __init__(self, dims, act=None):
        super().__init__()
        layers = []
        for ind, (dim_in, dim_out) in enumerate(zip(dims[:-1], dims[1:])):
            is_last = ind >= (len(dims) - 2)
            layers.append(nn.Linear(dim_in, dim_out))
            if not is_last:
                layers.append(act if act is not None else nn.ReLU())
        self.mlp = nn.Sequential(*layers)

    def forward(self, x):
        return self.mlp(x)


class TabTransformer(nn.Module):
    def __init__(self, cfg: TabConfig = TabConfig()):
        super().__init__()
        self.num_categories = len(cfg.categories)
        total_tokens = sum(cfg.categories) + cfg.num_special_tokens
        offsets = F.pad(torch.tensor(list(cfg.categories)), (1, 0), value=cfg.num_special_tokens)
        self.register_buffer("categories_offset", offsets.cumsum(dim=-1)[:-1])
        self.embeds = nn.Embedding(total_tokens, cfg.dim)
        layer = nn.TransformerEncoderLayer(cfg.dim, cfg.heads, cfg.dim * 4, dropout=0.0, batch_first=True, norm_first=True)
        self.transformer = nn.TransformerEncoder(layer, cfg.depth, enable_nested_tensor=False)
        self.norm = nn.LayerNorm(cfg.num_continuous)
        input_size = cfg.dim * self.num_categories + cfg.num_continuous
        hidden = [input_size * m for m in cfg.mlp_hidden_mults]
        self.mlp = MLP([input_size, *hidden, cfg.dim_out], act=nn.SiLU())

    def forward(self, x_categ, x_cont):
        assert x_categ.shape[-1] == self.num_categories, f"you must pass in {self.num_categories} values for your categories input"
        x_categ = x_categ + self.categories_offset
        x = self.transformer(self.embeds(x_categ))
        flat_categ = x.flatten(1)
        normed_cont = self.norm(x_cont)
        return self.mlp(torch.cat((flat_categ, normed_cont), dim=-1))


Model = TabTransformer


def inputs():
    torch.manual_seed(4522)
    def cat(b):
        return torch.stack([torch.randint(0, n, (b,)) for n in (3, 5, 4)], dim=1)
    return [(cat(4), torch.randn(4, 2)), (cat(4), torch.randn(4, 2)), (cat(6), torch.randn(6, 2))]
