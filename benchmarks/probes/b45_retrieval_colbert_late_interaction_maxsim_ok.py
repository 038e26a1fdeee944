# ruff: noqa  (a probe is written as users write models)
import string

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor

VOCAB = {"[PAD]": 0, "[CLS]": 1, "[SEP]": 2, ".": 3, ",": 4, "?": 5, "!": 6}


class TinyEncoder(nn.Module):
    def __init__(self, vocab=40, dim=16, layers=1):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim, padding_idx=0)
        layer = nn.TransformerEncoderLayer(dim, 2, 32, dropout=0.0, batch_first=True)
        self.enc = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)

    def forward(self, ids: Tensor, mask: Tensor) -> Tensor:
        return self.enc(self.emb(ids), src_key_padding_mask=~mask)


class ColBERT(nn.Module):
    def __init__(self, dim=8, mask_punctuation=True, similarity_metric="cosine"):
        super().__init__()
        self.bert = TinyEncoder()
        self.linear = nn.Linear(16, dim, bias=False)
        self.similarity_metric = similarity_metric
        skip_ids = [VOCAB[c] for c in string.punctuation if c in VOCAB] if mask_punctuation else [0]
        self.register_buffer("skiplist", torch.tensor(sorted(set(skip_ids)), dtype=torch.long))

    def query(self, input_ids, attention_mask):
        Q = self.linear(self.bert(input_ids, attention_mask))
        return F.normalize(Q, p=2, dim=2)

    def doc(self, input_ids, attention_mask):
        D = self.linear(self.bert(input_ids, attention_mask))
        keep = attention_mask & ~torch.isin(input_ids, self.skiplist)
        D = D * keep.unsqueeze(2).float()
        return F.normalize(D, p=2, dim=2), keep

    def score(self, Q, D, D_mask):
        if self.similarity_metric == "cosine":
            sim = Q @ D.transpose(1, 2)
        else:
            sim = -1.0 * ((Q.unsqueeze(2) - D.unsqueeze(1)) ** 2).sum(-1)
        sim = sim.masked_fill(~D_mask.unsqueeze(1), -1e4)
        return sim.max(dim=2).values.sum(dim=1)

    def forward(self, q_ids, q_mask, d_ids, d_mask):
        Q = self.query(q_ids, q_mask)
        D, keep = self.doc(d_ids, d_mask)
        return self.score(Q, D, keep)


Model = ColBERT


def _batch(b, n, pad_from):
    ids = torch.randint(1, 40, (b, n))
    mask = torch.arange(n)[None, :] < torch.tensor(pad_from)[:, None]
    return ids.masked_fill(~mask, 0), mask


def inputs():
    torch.manual_seed(4521)
    out = []
    for b, qn, dn in [(2, 4, 7), (2, 4, 7), (3, 5, 9)]:
        q = _batch(b, qn, [qn] * b)
        d = _batch(b, dn, [dn - i for i in range(b)])
        out.append((*q, *d))
    return out
