# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """Greedy decoding step loop of a tiny seq2seq decoder: the loop stops early once every
    hypothesis has produced the end-of-sequence token."""

    def __init__(self, vocab: int = 7, d: int = 8, eos: int = 0, max_steps: int = 5):
        super().__init__()
        self.eos = eos
        self.max_steps = max_steps
        self.embed = nn.Embedding(vocab, d)
        self.cell = nn.GRUCell(d, d)
        self.out = nn.Linear(d, vocab)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        tok = torch.ones(h.shape[0], dtype=torch.long)
        finished = torch.zeros(h.shape[0], dtype=torch.bool)
        total = torch.zeros(h.shape[0])
        for _ in range(self.max_steps):
            h = self.cell(self.embed(tok), h)
            logp = self.out(h).log_softmax(-1)
            score, tok = logp.max(-1)
            total = total + score * (~finished)
            finished = finished | (tok == self.eos)
            if finished.all():  # breaks: compile,export
                break
        return total


def inputs():
    torch.manual_seed(6503)
    return [(torch.randn(2, 8),), (torch.randn(2, 8) * 3,)]
