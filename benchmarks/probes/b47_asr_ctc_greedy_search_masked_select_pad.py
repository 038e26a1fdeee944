# ruff: noqa  (a probe is written as users write models)
from typing import List, Tuple

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor
from torch.nn.utils.rnn import pad_sequence

IGNORE_ID = -1


def make_pad_mask(lengths: Tensor, max_len: int) -> Tensor:
    seq_range = torch.arange(0, max_len, dtype=torch.int64, device=lengths.device)
    return seq_range.unsqueeze(0) >= lengths.unsqueeze(1)


def remove_duplicates_and_blank(hyp: Tensor, blank: int = 0) -> Tensor:
    keep = torch.ones_like(hyp, dtype=torch.bool)
    keep[1:] = hyp[1:] != hyp[:-1]
    keep &= hyp != blank
    return hyp[keep]


class CTC(nn.Module):
    def __init__(self, odim: int, encoder_output_size: int, blank_id: int = 0):
        super().__init__()
        self.ctc_lo = nn.Linear(encoder_output_size, odim)
        self.blank_id = blank_id

    def log_softmax(self, hs_pad: Tensor) -> Tensor:
        return F.log_softmax(self.ctc_lo(hs_pad), dim=2)

    def argmax(self, hs_pad: Tensor) -> Tensor:
        return torch.argmax(self.ctc_lo(hs_pad), dim=2)


class CTCGreedyASR(nn.Module):
    def __init__(self, idim=8, d_model=16, vocab_size=6):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv1d(idim, d_model, 3, padding=1), nn.ReLU(), nn.Conv1d(d_model, d_model, 3, padding=1))
        self.ctc = CTC(vocab_size, d_model)

    def ctc_greedy_search(self, encoder_out: Tensor, encoder_lens: Tensor) -> Tuple[Tensor, Tensor]:
        batch_size, maxlen = encoder_out.shape[:2]
        ctc_probs = self.ctc.log_softmax(encoder_out)
        topk_prob, topk_index = ctc_probs.topk(1, dim=2)
        topk_index = topk_index.view(batch_size, maxlen)
        mask = make_pad_mask(encoder_lens, maxlen)
        topk_index = topk_index.masked_fill_(mask, self.ctc.blank_id)
        hyps: List[Tensor] = [remove_duplicates_and_blank(h[: l], self.ctc.blank_id) for h, l in zip(topk_index, encoder_lens)]
        scores = topk_prob.squeeze(-1).masked_fill(mask, 0.0).sum(dim=1)
        return pad_sequence(hyps, batch_first=True, padding_value=IGNORE_ID), scores

    def forward(self, speech: Tensor, speech_lengths: Tensor):
        encoder_out = self.encoder(speech.transpose(1, 2)).transpose(1, 2)
        return self.ctc_greedy_search(encoder_out, speech_lengths)


Model = CTCGreedyASR


def inputs():
    torch.manual_seed(4731)
    return [
        (torch.randn(2, 12, 8), torch.tensor([12, 7])),
        (torch.randn(3, 9, 8), torch.tensor([9, 9, 4])),
    ]
