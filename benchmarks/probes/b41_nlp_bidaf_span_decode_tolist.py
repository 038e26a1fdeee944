# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


def masked_softmax(logits: torch.Tensor, mask: torch.Tensor, dim: int = -1) -> torch.Tensor:
    return F.softmax(logits.masked_fill(~mask, -1e30), dim=dim)


class BiAttention(nn.Module):
    def __init__(self, d: int):
        super().__init__()
        self.w = nn.Linear(3 * d, 1, bias=False)

    def forward(self, c, q, c_mask, q_mask):
        T, J = c.size(1), q.size(1)
        cc = c.unsqueeze(2).expand(-1, -1, J, -1)
        qq = q.unsqueeze(1).expand(-1, T, -1, -1)
        s = self.w(torch.cat([cc, qq, cc * qq], dim=-1)).squeeze(-1)
        c2q = torch.bmm(masked_softmax(s, q_mask[:, None, :]), q)
        b = masked_softmax(s.max(dim=2).values, c_mask)
        q2c = torch.bmm(b.unsqueeze(1), c).expand(-1, T, -1)
        return torch.cat([c, c2q, c * c2q, c * q2c], dim=-1)


class BiDAF(nn.Module):
    def __init__(self, vocab: int = 50, d: int = 12, max_answer_len: int = 4):
        super().__init__()
        self.max_answer_len = max_answer_len
        self.emb = nn.Embedding(vocab, d, padding_idx=0)
        self.ctx_rnn = nn.GRU(d, d // 2, batch_first=True, bidirectional=True)
        self.att = BiAttention(d)
        self.model_rnn = nn.GRU(4 * d, d // 2, batch_first=True, bidirectional=True)
        self.start = nn.Linear(5 * d, 1)
        self.end = nn.Linear(5 * d, 1)

    def decode(self, p_start: torch.Tensor, p_end: torch.Tensor) -> List[Tuple[int, int]]:
        L = p_start.size(1)
        joint = p_start.unsqueeze(2) * p_end.unsqueeze(1)
        joint = torch.triu(joint)
        best = joint.flatten(1).argmax(dim=1)
        spans = []
        for flat in best.tolist():
            start, end = divmod(flat, L)
            if end - start + 1 > self.max_answer_len:
                end = start + self.max_answer_len - 1
            spans.append((start, end))
        return spans

    def forward(self, context_ids, question_ids):
        c_mask, q_mask = context_ids != 0, question_ids != 0
        c, _ = self.ctx_rnn(self.emb(context_ids))
        q, _ = self.ctx_rnn(self.emb(question_ids))
        g = self.att(c, q, c_mask, q_mask)
        m, _ = self.model_rnn(g)
        gm = torch.cat([g, m], dim=-1)
        p_start = masked_softmax(self.start(gm).squeeze(-1), c_mask)
        p_end = masked_softmax(self.end(gm).squeeze(-1), c_mask)
        spans = torch.tensor(self.decode(p_start, p_end), dtype=torch.long)
        return p_start, p_end, spans


Model = BiDAF


def inputs():
    torch.manual_seed(4123)
    c1, q1 = torch.randint(1, 50, (2, 14)), torch.randint(1, 50, (2, 5))
    c1[1, 10:] = 0
    c2, q2 = torch.randint(1, 50, (2, 14)), torch.randint(1, 50, (2, 5))
    return [(c1, q1), (c2, q2)]
