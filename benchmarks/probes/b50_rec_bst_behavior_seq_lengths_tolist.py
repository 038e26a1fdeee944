# ruff: noqa  (a probe is written as users write models)
from typing import List

import torch
import torch.nn as nn
from torch import Tensor


class BSTConfig:
    num_items = 50
    num_cates = 8
    emb_dim = 16
    heads = 2
    max_len = 8
    mlp_dims = (32, 16)


class BehaviorSequenceTransformer(nn.Module):
    def __init__(self, cfg: BSTConfig = BSTConfig()):
        super().__init__()
        self.cfg = cfg
        self.item_emb = nn.Embedding(cfg.num_items, cfg.emb_dim, padding_idx=0)
        self.cate_emb = nn.Embedding(cfg.num_cates, cfg.emb_dim, padding_idx=0)
        self.pos_emb = nn.Embedding(cfg.max_len + 1, cfg.emb_dim)
        layer = nn.TransformerEncoderLayer(cfg.emb_dim, cfg.heads, dim_feedforward=32, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=1, enable_nested_tensor=False)
        dims = [cfg.emb_dim * 2] + list(cfg.mlp_dims)
        mlp: List[nn.Module] = []
        for a, b in zip(dims[:-1], dims[1:]):
            mlp += [nn.Linear(a, b), nn.LeakyReLU()]
        mlp.append(nn.Linear(dims[-1], 1))
        self.mlp = nn.Sequential(*mlp)

    def build_sequence(self, hist_items: Tensor, hist_lens: Tensor, target: Tensor) -> Tensor:
        rows = []
        for items, n, t in zip(hist_items, hist_lens.tolist(), target):  # breaks: trace
            seq = torch.cat([items[:n], t.view(1)])
            pad = seq.new_zeros(self.cfg.max_len + 1 - seq.numel())
            rows.append(torch.cat([pad, seq]))
        return torch.stack(rows)

    def forward(self, hist_items: Tensor, hist_lens: Tensor, target: Tensor, target_cate: Tensor) -> Tensor:
        seq = self.build_sequence(hist_items, hist_lens, target)
        pos = torch.arange(seq.size(1), device=seq.device).unsqueeze(0)
        x = self.item_emb(seq) + self.pos_emb(pos)
        pad_mask = seq.eq(0)
        h = self.encoder(x, src_key_padding_mask=pad_mask)
        user = h.masked_fill(pad_mask.unsqueeze(-1), 0).sum(1) / (~pad_mask).sum(1, keepdim=True).clamp(min=1)
        feats = torch.cat([user, self.cate_emb(target_cate)], dim=-1)
        return torch.sigmoid(self.mlp(feats)).squeeze(-1)


Model = BehaviorSequenceTransformer


def inputs():
    torch.manual_seed(5010)
    return [
        (torch.randint(1, 50, (3, 8)), torch.tensor([8, 3, 5]), torch.randint(1, 50, (3,)), torch.randint(1, 8, (3,))),
        (torch.randint(1, 50, (3, 8)), torch.tensor([2, 6, 1]), torch.randint(1, 50, (3,)), torch.randint(1, 8, (3,))),
    ]
