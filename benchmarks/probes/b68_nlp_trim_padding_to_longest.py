# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class SentenceEncoder(nn.Module):
    """Bag-of-convolutions sentence encoder; batches arrive padded to a fixed length, so the
    padding columns beyond the longest sentence are cut off first to save work."""

    def __init__(self, vocab: int = 50, d: int = 8):
        super().__init__()
        self.embed = nn.Embedding(vocab, d, padding_idx=0)
        self.conv = nn.Conv1d(d, d, 3, padding=1)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        mask = tokens.ne(0)
        max_len = int(mask.sum(1).max())  # breaks: compile,export,trace
        tokens, mask = tokens[:, :max_len], mask[:, :max_len]
        h = self.conv(self.embed(tokens).transpose(1, 2)).transpose(1, 2)
        m = mask.unsqueeze(-1).to(h.dtype)
        return (h * m).sum(1) / m.sum(1).clamp(min=1.0)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = SentenceEncoder()
        self.cls = nn.Linear(8, 2)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        return self.cls(self.encoder(tokens))


def inputs():
    torch.manual_seed(6821)
    a = torch.randint(1, 50, (3, 12))
    a[:, 5:] = 0
    b = torch.randint(1, 50, (3, 12))
    b[0, 10:] = 0
    return [(a,), (b,)]
