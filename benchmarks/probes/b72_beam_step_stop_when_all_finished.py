# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class BeamStep(nn.Module):
    """One beam-search step: extend every live hypothesis, keep the best `beam` per sentence."""

    def __init__(self, vocab: int, beam: int, eos: int):
        super().__init__()
        self.beam, self.eos = beam, eos

    def forward(self, scores, logp, finished):
        b = finished.size(0)
        logp = logp.masked_fill(finished.unsqueeze(-1), float("-inf"))
        logp[..., self.eos] = torch.where(finished, 0.0, logp[..., self.eos])
        total = (scores.unsqueeze(-1) + logp).view(b, -1)
        top, idx = total.topk(self.beam, -1)
        token = idx % logp.size(-1)
        return top, token, finished.gather(1, idx // logp.size(-1)) | (token == self.eos)


class Model(nn.Module):
    def __init__(self, vocab: int = 7, beam: int = 3, eos: int = 1, max_len: int = 6):
        super().__init__()
        self.proj = nn.Linear(4, vocab)
        self.emb = nn.Embedding(vocab, 4)
        self.step = BeamStep(vocab, beam, eos)
        self.beam, self.max_len = beam, max_len

    def forward(self, state: torch.Tensor) -> torch.Tensor:
        b = state.size(0)
        h = state.unsqueeze(1).expand(b, self.beam, 4)
        scores = torch.zeros(b, self.beam)
        scores[:, 1:] = float("-inf")
        finished = torch.zeros(b, self.beam, dtype=torch.bool)
        for _ in range(self.max_len):
            scores, token, finished = self.step(scores, self.proj(h).log_softmax(-1), finished)
            if finished.all():  # breaks: compile,export
                break
            h = torch.tanh(h + self.emb(token))
        return scores


def inputs():
    torch.manual_seed(7214)
    return [(torch.randn(2, 4),), (torch.randn(2, 4) * 8,)]
