# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyMLMEncoder(nn.Module):
    def __init__(self, vocab=50, dim=16, layers=1, heads=2, max_len=32):
        super().__init__()
        self.tok = nn.Embedding(vocab, dim)
        self.pos = nn.Embedding(max_len, dim)
        layer = nn.TransformerEncoderLayer(dim, heads, 2 * dim, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, layers, enable_nested_tensor=False)
        self.mlm_transform = nn.Sequential(nn.Linear(dim, dim), nn.GELU(), nn.LayerNorm(dim))
        self.decoder_bias = nn.Parameter(torch.zeros(vocab))

    def forward(self, input_ids, attention_mask):
        pos = torch.arange(input_ids.size(1), device=input_ids.device)
        h = self.tok(input_ids) + self.pos(pos).unsqueeze(0)
        h = self.encoder(h, src_key_padding_mask=attention_mask == 0)
        return F.linear(self.mlm_transform(h), self.tok.weight, self.decoder_bias)


class SPLADE(nn.Module):
    """Sparse lexical expansion: log-saturated ReLU of the MLM logits, max-pooled over the sequence."""

    def __init__(self, agg="max"):
        super().__init__()
        self.agg = agg
        self.transformer = TinyMLMEncoder()

    def encode(self, input_ids, attention_mask):
        logits = self.transformer(input_ids, attention_mask)
        weights = torch.log1p(torch.relu(logits)) * attention_mask.unsqueeze(-1)
        if self.agg == "max":
            return weights.max(dim=1).values
        return weights.sum(dim=1)

    @staticmethod
    def flops(reps):
        return torch.sum(torch.mean(torch.abs(reps), dim=0) ** 2)

    def forward(self, q_ids, q_mask, d_ids, d_mask):
        q_rep = self.encode(q_ids, q_mask)
        d_rep = self.encode(d_ids, d_mask)
        scores = q_rep @ d_rep.t()
        return scores, self.flops(q_rep) + self.flops(d_rep)


Model = SPLADE


def _batch(b, n, lens):
    ids = torch.randint(1, 50, (b, n))
    mask = (torch.arange(n).unsqueeze(0) < torch.tensor(lens).unsqueeze(1)).long()
    return ids * mask, mask


def inputs():
    torch.manual_seed(3927)
    return [(*_batch(2, 6, [6, 4]), *_batch(3, 10, [10, 7, 9])), (*_batch(3, 5, [5, 5, 2]), *_batch(2, 14, [12, 14]))]
