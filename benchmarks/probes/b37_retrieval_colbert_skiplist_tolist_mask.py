# ruff: noqa  (a probe is written as users write models)
import string

import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyEncoder(nn.Module):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.ff = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.Linear(dim, dim))
        self.norm = nn.LayerNorm(dim)

    def forward(self, ids):
        h = self.embed(ids)
        return self.norm(h + self.ff(h))


class ColBERT(nn.Module):
    def __init__(self, vocab=120, dim=32, out_dim=16, mask_punctuation=True, pad_token=0):
        super().__init__()
        self.encoder = TinyEncoder(vocab, dim)
        self.linear = nn.Linear(dim, out_dim, bias=False)
        self.pad_token = pad_token
        self.skiplist = {}
        if mask_punctuation:
            # pretend the punctuation symbols map onto the first ids after the specials
            self.skiplist = {w: True for w in (3 + i for i, _ in enumerate(string.punctuation[:6]))}

    def query(self, input_ids):
        Q = self.linear(self.encoder(input_ids))
        return F.normalize(Q, p=2, dim=2)

    def mask(self, input_ids):
        return [[(x not in self.skiplist) and (x != self.pad_token) for x in d] for d in input_ids.cpu().tolist()]

    def doc(self, input_ids):
        D = self.linear(self.encoder(input_ids))
        mask = torch.tensor(self.mask(input_ids), device=D.device).unsqueeze(2).float()
        return F.normalize(D * mask, p=2, dim=2)

    def score(self, Q, D):
        return (Q @ D.transpose(1, 2)).max(2).values.sum(1)

    def forward(self, query_ids, doc_ids):
        return self.score(self.query(query_ids), self.doc(doc_ids))


Model = ColBERT


def inputs():
    torch.manual_seed(3707)
    return [
        (torch.randint(1, 120, (2, 5)), torch.randint(0, 12, (2, 9))),
        (torch.randint(1, 120, (3, 4)), torch.randint(0, 12, (3, 11))),
    ]
