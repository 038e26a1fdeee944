# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class FrozenTokenEncoder(nn.Module):
    """NLP: a frozen pretrained encoder gives per-token features for a tagger; nn.TransformerEncoder
    gets src_key_padding_mask, so eval runs the nested-tensor fast path."""

    def __init__(self, vocab: int = 20, d: int = 16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d, padding_idx=0)
        layer = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True)
        self.encoder = nn.TransformerEncoder(layer, num_layers=2)
        self.requires_grad_(False)  # frozen backbone

    def forward(self, ids):
        pad = ids == 0
        return self.encoder(self.emb(ids), src_key_padding_mask=pad)


Model = FrozenTokenEncoder


def inputs():
    torch.manual_seed(5701)
    a = torch.randint(1, 20, (2, 6))
    a[0, 4:] = 0
    b = torch.randint(1, 20, (3, 9))
    b[1, 5:] = 0
    b[2, 7:] = 0
    return [(a,), (b,)]
