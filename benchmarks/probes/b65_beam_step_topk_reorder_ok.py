# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    """One beam-search step: candidate scores over beam x vocab are flattened, the top
    beams are chosen and the hidden states are reordered with index_select."""

    def __init__(self, vocab: int = 6, d: int = 8, beams: int = 3):
        super().__init__()
        self.beams = beams
        self.vocab = vocab
        self.out = nn.Linear(d, vocab)

    def forward(self, h: torch.Tensor, beam_scores: torch.Tensor):
        logp = self.out(h).log_softmax(-1)
        cand = (beam_scores.unsqueeze(-1) + logp).view(-1)
        top, flat = cand.topk(self.beams)
        src_beam = torch.div(flat, self.vocab, rounding_mode="floor")
        token = flat % self.vocab
        return top, token, h.index_select(0, src_beam)


def inputs():
    torch.manual_seed(6504)
    return [(torch.randn(3, 8), torch.randn(3)), (torch.randn(3, 8), torch.randn(3))]
