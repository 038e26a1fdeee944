import torch
import torch.nn as nn


class Dice(nn.Module):
    def __init__(self, dim, eps=1e-9):
        super().__init__()
        self.bn = nn.BatchNorm1d(dim, eps=eps, affine=False)
        self.alpha = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        shape = x.shape
        p = torch.sigmoid(self.bn(x.reshape(-1, shape[-1]))).view(shape)
        return p * x + (1 - p) * self.alpha * x


class LocalActivationUnit(nn.Module):
    def __init__(self, emb, hidden=(16, 8)):
        super().__init__()
        layers, d = [], 4 * emb
        for h in hidden:
            layers += [nn.Linear(d, h), Dice(h)]
            d = h
        self.mlp = nn.Sequential(*layers, nn.Linear(d, 1))

    def forward(self, query, keys):
        q = query.unsqueeze(1).expand_as(keys)
        return self.mlp(torch.cat([q, keys, q - keys, q * keys], dim=-1)).squeeze(-1)


class DeepInterestNetwork(nn.Module):
    def __init__(self, n_items=100, n_cates=10, emb=8):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, emb, padding_idx=0)
        self.cate_emb = nn.Embedding(n_cates, emb, padding_idx=0)
        self.attention = LocalActivationUnit(2 * emb)
        self.dnn = nn.Sequential(nn.Linear(4 * emb, 32), Dice(32), nn.Linear(32, 1))

    def embed(self, items, cates):
        return torch.cat([self.item_emb(items), self.cate_emb(cates)], dim=-1)

    def forward(self, hist_items, hist_cates, target_item, target_cate):
        keys = self.embed(hist_items, hist_cates)
        query = self.embed(target_item, target_cate)
        scores = self.attention(query, keys).masked_fill(hist_items == 0, 0.0)
        interest = torch.bmm(scores.unsqueeze(1), keys).squeeze(1)
        return torch.sigmoid(self.dnn(torch.cat([interest, query], dim=-1))).squeeze(-1)


Model = DeepInterestNetwork


def inputs():
    torch.manual_seed(3228)
    def batch(b, t):
        items = torch.randint(1, 100, (b, t)); items[0, t // 2 :] = 0
        return items, torch.randint(1, 10, (b, t)), torch.randint(1, 100, (b,)), torch.randint(1, 10, (b,))
    return [batch(3, 6), batch(4, 9)]
