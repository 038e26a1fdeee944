# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CTCCollapse(nn.Module):
    """Best path decoding kept in tensors: a frame is emitted when it differs from the frame
    before it and is not blank; the rest are filled with -1 and the lengths are returned."""

    def __init__(self, blank: int = 0, fill: int = -1):
        super().__init__()
        self.blank = blank
        self.fill = fill

    def forward(self, log_probs: torch.Tensor):
        best = log_probs.argmax(-1)
        prev = torch.cat([torch.full_like(best[:, :1], self.fill), best[:, :-1]], dim=1)
        keep = (best != prev) & (best != self.blank)
        tokens = torch.where(keep, best, torch.full_like(best, self.fill))
        return tokens, keep.sum(-1)


class Model(nn.Module):
    """Conv-only OCR head over a width sequence of column features."""

    def __init__(self, n_chars: int = 5):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(6, 16, 3, padding=1), nn.GELU(), nn.Conv1d(16, n_chars, 1)
        )
        self.collapse = CTCCollapse()

    def forward(self, cols: torch.Tensor):
        logits = self.body(cols).transpose(1, 2)
        return self.collapse(logits.log_softmax(-1))


def inputs():
    torch.manual_seed(6804)
    return [(torch.randn(2, 6, 15),), (torch.randn(3, 6, 22),)]
