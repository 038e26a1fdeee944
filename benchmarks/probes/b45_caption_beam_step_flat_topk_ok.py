# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class AttentionLSTMDecoder(nn.Module):
    def __init__(self, vocab=12, embed=8, hidden=16, feat=10):
        super().__init__()
        self.embedding = nn.Embedding(vocab, embed)
        self.att_feat = nn.Linear(feat, hidden)
        self.att_hid = nn.Linear(hidden, hidden)
        self.att_full = nn.Linear(hidden, 1)
        self.lstm = nn.LSTMCell(embed + feat, hidden)
        self.fc = nn.Linear(hidden, vocab)

    def attend(self, feats, h):
        e = self.att_full(torch.tanh(self.att_feat(feats) + self.att_hid(h).unsqueeze(1))).squeeze(-1)
        alpha = F.softmax(e, dim=1)
        return (feats * alpha.unsqueeze(-1)).sum(dim=1)

    def step(self, tokens, feats, state):
        h, c = state
        ctx = self.attend(feats, h)
        h, c = self.lstm(torch.cat([self.embedding(tokens), ctx], dim=-1), (h, c))
        return F.log_softmax(self.fc(h), dim=-1), (h, c)


class BeamSearchCaptioner(nn.Module):
    """One expand-and-prune step of beam search over a batch of images."""

    def __init__(self, beam_size=3, bos=1):
        super().__init__()
        self.decoder = AttentionLSTMDecoder()
        self.beam_size = beam_size
        self.bos = bos

    def forward(self, feats, seq_scores, prev_tokens, h, c):
        # feats: [B*beam, N, F], seq_scores: [B, beam], prev_tokens/h/c: [B*beam, ...]
        batch = seq_scores.size(0)
        logprobs, (h, c) = self.decoder.step(prev_tokens, feats, (h, c))
        vocab = logprobs.size(-1)
        candidates = seq_scores.view(-1, 1) + logprobs  # [B*beam, V]
        candidates = candidates.view(batch, -1)
        top_scores, top_idx = candidates.topk(self.beam_size, dim=-1)
        beam_origin = torch.div(top_idx, vocab, rounding_mode="floor")
        next_tokens = top_idx % vocab
        base = (torch.arange(batch, device=feats.device) * self.beam_size).unsqueeze(1)
        select = (base + beam_origin).view(-1)
        return top_scores, next_tokens.view(-1), h.index_select(0, select), c.index_select(0, select)


Model = BeamSearchCaptioner


def inputs():
    torch.manual_seed(4526)
    out = []
    for b in (2, 2, 3):
        n = b * 3
        out.append((torch.randn(n, 4, 10), torch.randn(b, 3).log_softmax(-1), torch.randint(0, 12, (n,)), torch.randn(n, 16), torch.randn(n, 16)))
    return out
