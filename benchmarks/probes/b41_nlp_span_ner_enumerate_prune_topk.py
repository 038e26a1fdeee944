# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F


def enumerate_spans(seq_len: int, max_width: int, min_width: int = 1) -> List[Tuple[int, int]]:
    """All (start, end) pairs, end inclusive, with min_width <= width <= max_width."""
    spans = []
    for start in range(seq_len):
        for end in range(start + min_width - 1, min(seq_len, start + max_width)):
            spans.append((start, end))
    return spans


class EndpointSpanExtractor(nn.Module):
    def __init__(self, dim: int, max_width: int, width_dim: int = 4):
        super().__init__()
        self.width_emb = nn.Embedding(max_width, width_dim)
        self.output_dim = 2 * dim + width_dim

    def forward(self, seq: torch.Tensor, spans: torch.Tensor) -> torch.Tensor:
        starts, ends = spans.unbind(-1)
        start_emb = seq[:, starts]
        end_emb = seq[:, ends]
        width = self.width_emb(ends - starts).unsqueeze(0).expand(seq.size(0), -1, -1)
        return torch.cat([start_emb, end_emb, width], dim=-1)


class SpanNER(nn.Module):
    def __init__(self, vocab: int = 60, dim: int = 16, num_labels: int = 5, max_span_width: int = 3, spans_per_word: float = 0.6):
        super().__init__()
        self.max_span_width = max_span_width
        self.embed = nn.Embedding(vocab, dim, padding_idx=0)
        self.encoder = nn.Sequential(nn.Conv1d(dim, dim, 3, padding=1), nn.GELU(), nn.Conv1d(dim, dim, 3, padding=1))
        self.spans_per_word = spans_per_word
        self.mention_scorer = nn.Linear(2 * dim + 4, 1)
        self.extractor = EndpointSpanExtractor(dim, max_span_width)
        self.scorer = nn.Sequential(nn.Linear(self.extractor.output_dim, 32), nn.ReLU(), nn.Linear(32, num_labels))

    def forward(self, tokens: torch.Tensor):
        mask = tokens != 0
        enc = self.encoder(self.embed(tokens).transpose(1, 2)).transpose(1, 2)
        spans = torch.tensor(enumerate_spans(tokens.size(1), self.max_span_width), dtype=torch.long)
        span_emb = self.extractor(enc, spans)
        span_mask = mask[:, spans[:, 0]] & mask[:, spans[:, 1]]
        # prune to the best spans_per_word * num_words mentions (the longest document sets k)
        mention = self.mention_scorer(span_emb).squeeze(-1).masked_fill(~span_mask, -1e4)
        num_words = mask.sum(-1)
        num_keep = torch.ceil(num_words.float() * self.spans_per_word).long().clamp(min=1)
        max_keep = int(num_keep.max().item())
        top_scores, top_idx = mention.topk(max_keep, dim=1)
        keep_mask = torch.arange(max_keep).unsqueeze(0) < num_keep.unsqueeze(1)
        top_emb = torch.gather(span_emb, 1, top_idx.unsqueeze(-1).expand(-1, -1, span_emb.size(-1)))
        logits = self.scorer(top_emb).masked_fill(~keep_mask.unsqueeze(-1), -1e4)
        return F.log_softmax(logits, dim=-1), spans[top_idx]


Model = SpanNER


def inputs():
    torch.manual_seed(4130)
    t1 = torch.randint(1, 60, (2, 6))
    t1[1, 4:] = 0
    t2 = torch.randint(1, 60, (2, 6))
    t2[0, 2:] = 0
    t2[1, 3:] = 0
    return [(t1,), (t2,), (torch.randint(1, 60, (3, 9)),)]
