import torch
import torch.nn as nn
import torch.nn.functional as F


class TinyLM(nn.Module):
    def __init__(self, vocab=32, dim=16):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.mix = nn.GRU(dim, dim, batch_first=True)
        self.lm_head = nn.Linear(dim, vocab, bias=False)

    def forward(self, ids):
        h, _ = self.mix(self.embed(ids))  # breaks: compile
        return self.lm_head(h)


class SpeculativeVerifier(nn.Module):
    """Greedy verification of draft tokens proposed by a small model."""

    def __init__(self, vocab=32, num_draft=4):
        super().__init__()
        self.target = TinyLM(vocab, 24)
        self.num_draft = num_draft

    def accepted_prefix(self, draft, target_tokens):
        match = (draft == target_tokens[:, :-1]).int()
        return match.cumprod(dim=-1).sum(dim=-1).min()

    def forward(self, prompt, draft):
        seq = torch.cat([prompt, draft], dim=1)
        logits = self.target(seq)[:, prompt.size(1) - 1:]
        target_tokens = logits.argmax(dim=-1)
        n_ok = self.accepted_prefix(draft, target_tokens).item()  # breaks: compile,trace
        bonus = target_tokens[:, n_ok : n_ok + 1]
        return torch.cat([prompt, draft[:, :n_ok], bonus], dim=1), F.log_softmax(logits, -1)


Model = SpeculativeVerifier


def inputs():
    torch.manual_seed(3201)
    torch.manual_seed(0)
    m = SpeculativeVerifier()
    prompt = torch.randint(0, 32, (2, 5))
    greedy = m.target(prompt).argmax(-1)[:, -1:]
    draft_good = torch.cat([greedy, torch.randint(0, 32, (2, 3))], 1)
    return [(prompt, torch.randint(0, 32, (2, 4))), (prompt, draft_good), (torch.randint(0, 32, (1, 7)), torch.randint(0, 32, (1, 4)))]
