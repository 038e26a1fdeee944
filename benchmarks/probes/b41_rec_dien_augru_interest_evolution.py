# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


class AUGRUCell(nn.Module):
    """GRU cell whose update gate is scaled by an attention score (DIEN)."""

    def __init__(self, input_size: int, hidden_size: int):
        super().__init__()
        self.x2h = nn.Linear(input_size, 3 * hidden_size)
        self.h2h = nn.Linear(hidden_size, 3 * hidden_size, bias=False)

    def forward(self, x: Tensor, h: Tensor, att: Tensor) -> Tensor:
        gx, gh = self.x2h(x), self.h2h(h)
        r_x, u_x, n_x = gx.chunk(3, -1)
        r_h, u_h, n_h = gh.chunk(3, -1)
        r = torch.sigmoid(r_x + r_h)
        u = torch.sigmoid(u_x + u_h) * att.unsqueeze(-1)
        n = torch.tanh(n_x + r * n_h)
        return (1 - u) * h + u * n


class InterestAttention(nn.Module):
    def __init__(self, dim: int, hidden: int = 16):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(4 * dim, hidden), nn.Sigmoid(), nn.Linear(hidden, 1))

    def forward(self, query: Tensor, keys: Tensor, mask: Tensor) -> Tensor:
        q = query.unsqueeze(1).expand_as(keys)
        s = self.mlp(torch.cat([q, keys, q - keys, q * keys], -1)).squeeze(-1)
        return s.masked_fill(~mask, -1e9).softmax(-1)


class DIEN(nn.Module):
    def __init__(self, num_items: int = 30, dim: int = 8, hidden: int = 8):
        super().__init__()
        self.item_emb = nn.Embedding(num_items, dim, padding_idx=0)
        self.extractor = nn.GRU(dim, hidden, batch_first=True)
        self.attention = InterestAttention(hidden)
        self.query_proj = nn.Linear(dim, hidden)
        self.evolution = AUGRUCell(hidden, hidden)
        self.mlp = nn.Sequential(nn.Linear(hidden + 2 * dim, 16), nn.PReLU(), nn.Linear(16, 1))

    def forward(self, hist: Tensor, lengths: Tensor, target: Tensor) -> Tensor:
        b = hist.size(0)
        emb = self.item_emb(hist)
        interests, _ = self.extractor(emb)
        max_len = int(lengths.max())
        mask = torch.arange(hist.size(1)).unsqueeze(0) < lengths.unsqueeze(1)
        tgt = self.item_emb(target)
        att = self.attention(self.query_proj(tgt), interests, mask)
        h = interests.new_zeros(b, interests.size(-1))
        for t in range(max_len):
            h_new = self.evolution(interests[:, t], h, att[:, t])
            h = torch.where((t < lengths).unsqueeze(-1), h_new, h)
        pooled = (emb * mask.unsqueeze(-1)).sum(1) / lengths.clamp(min=1).unsqueeze(-1)
        return torch.sigmoid(self.mlp(torch.cat([h, tgt, pooled], -1))).squeeze(-1)


Model = DIEN


def inputs():
    torch.manual_seed(4129)
    h1 = torch.randint(1, 30, (3, 7))
    l1 = torch.tensor([3, 2, 3])
    h2 = torch.randint(1, 30, (3, 7))
    l2 = torch.tensor([7, 4, 6])
    return [(h1, l1, torch.randint(1, 30, (3,))), (h2, l2, torch.randint(1, 30, (3,)))]
