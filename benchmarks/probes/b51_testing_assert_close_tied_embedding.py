# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class TiedLM(nn.Module):
    """Tiny LM with tied input/output embeddings and a debug check that the tie still holds."""

    def __init__(self, vocab: int = 20, d: int = 8, check_tied: bool = True):
        super().__init__()
        self.check_tied = check_tied
        self.embed = nn.Embedding(vocab, d)
        self.mix = nn.GRU(d, d, batch_first=True)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.lm_head.weight = self.embed.weight

    def forward(self, ids):
        if self.check_tied:
            torch.testing.assert_close(self.lm_head.weight, self.embed.weight, rtol=0, atol=0)
        h, _ = self.mix(self.embed(ids))
        return F.log_softmax(self.lm_head(h), dim=-1)


Model = TiedLM


def inputs():
    torch.manual_seed(5126)
    return [(torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (3, 7)),)]
