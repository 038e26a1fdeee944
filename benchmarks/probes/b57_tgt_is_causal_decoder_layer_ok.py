# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CaptionDecoder(nn.Module):
    """Captioning: one TransformerDecoderLayer over image memory; the causal mask is passed
    with the tgt_is_causal=True hint."""

    def __init__(self, vocab: int = 25, d: int = 16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.layer = nn.TransformerDecoderLayer(d, 2, 32, dropout=0.0, batch_first=True)
        self.lm = nn.Linear(d, vocab)

    def forward(self, ids, memory):
        t = ids.shape[1]
        causal = torch.triu(torch.full((t, t), float("-inf")), diagonal=1)
        h = self.layer(self.emb(ids), memory, tgt_mask=causal, tgt_is_causal=True)
        return self.lm(h)


Model = CaptionDecoder


def inputs():
    torch.manual_seed(5719)
    return [
        (torch.randint(0, 25, (2, 5)), torch.randn(2, 4, 16)),
        (torch.randint(0, 25, (3, 7)), torch.randn(3, 6, 16)),
    ]
