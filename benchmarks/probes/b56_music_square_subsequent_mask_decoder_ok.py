# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn

causal_mask = nn.Transformer.generate_square_subsequent_mask


class LearnedPositions(nn.Module):
    def __init__(self, max_len: int, d: int):
        super().__init__()
        self.table = nn.Embedding(max_len, d)

    def forward(self, x):
        pos = torch.arange(x.shape[1], device=x.device)
        return x + self.table(pos)[None]


class CausalBlock(nn.Module):
    def __init__(self, d: int = 32, heads: int = 4):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln1 = nn.LayerNorm(d)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, d))

    def forward(self, x, mask):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, attn_mask=mask, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


class Model(nn.Module):
    """Symbolic-music language model over event tokens (note-on / note-off / time-shift)."""

    def __init__(self, vocab: int = 60, d: int = 32, depth: int = 2, max_len: int = 64):
        super().__init__()
        self.tok = nn.Embedding(vocab, d)
        self.pos = LearnedPositions(max_len, d)
        self.blocks = nn.ModuleList([CausalBlock(d) for _ in range(depth)])
        self.out = nn.Linear(d, vocab)

    def forward(self, events):
        x = self.pos(self.tok(events))
        mask = causal_mask(events.shape[1], device=events.device, dtype=x.dtype)
        for block in self.blocks:
            x = block(x, mask)
        return self.out(x)


def inputs():
    torch.manual_seed(5620)
    return [(torch.randint(0, 60, (2, 12)),), (torch.randint(0, 60, (3, 20)),)]
