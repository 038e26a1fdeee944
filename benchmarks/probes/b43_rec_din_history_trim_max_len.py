# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Dice(nn.Module):
    def __init__(self, dim, eps=1e-8):
        super().__init__()
        self.bn = nn.BatchNorm1d(dim, eps=eps, affine=False)
        self.alpha = nn.Parameter(torch.zeros(dim))

    def forward(self, x):
        shape = x.shape
        p = torch.sigmoid(self.bn(x.reshape(-1, shape[-1]))).reshape(shape)
        return p * x + (1 - p) * self.alpha * x


class LocalActivationUnit(nn.Module):
    def __init__(self, dim, hidden=8):
        super().__init__()
        self.fc1 = nn.Linear(4 * dim, hidden)
        self.act = Dice(hidden)
        self.fc2 = nn.Linear(hidden, 1)

    def forward(self, query, keys):
        q = query.unsqueeze(1).expand_as(keys)
        x = torch.cat([q, keys, q - keys, q * keys], dim=-1)
        return self.fc2(self.act(self.fc1(x))).squeeze(-1)


class DIN(nn.Module):
    def __init__(self, n_items=50, dim=6):
        super().__init__()
        self.item_emb = nn.Embedding(n_items, dim, padding_idx=0)
        self.attention = LocalActivationUnit(dim)
        self.head = nn.Sequential(nn.Linear(2 * dim, 8), nn.ReLU(), nn.Linear(8, 1))

    def forward(self, target, history, hist_len):
        # the batch is padded to the dataset's max history; keep only what this batch needs
        max_len = hist_len.max().item()
        history = history[:, :max_len]
        keys = self.item_emb(history)
        query = self.item_emb(target)
        scores = self.attention(query, keys)
        mask = torch.arange(history.size(1), device=history.device)[None, :] < hist_len[:, None]
        weights = F.softmax(scores.masked_fill(~mask, float("-inf")), dim=-1)
        interest = torch.bmm(weights.unsqueeze(1), keys).squeeze(1)
        return torch.sigmoid(self.head(torch.cat([interest, query], dim=-1))).squeeze(-1)


Model = DIN


def inputs():
    torch.manual_seed(4311)
    hist = torch.randint(1, 50, (3, 10))
    return [
        (torch.randint(1, 50, (3,)), hist, torch.tensor([4, 2, 6])),
        (torch.randint(1, 50, (3,)), hist, torch.tensor([9, 3, 1])),
        (torch.randint(1, 50, (2,)), hist[:2], torch.tensor([10, 5])),
    ]
