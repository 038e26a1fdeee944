# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
from torch.nn.utils.rnn import pad_sequence


class GreedyCTC(nn.Module):
    def __init__(self, blank: int = 0):
        super().__init__()
        self.blank = blank

    def forward(self, log_probs: torch.Tensor) -> torch.Tensor:
        best = torch.Tensor.argmax(log_probs, -1)  # breaks: script
        decoded = []
        for seq in best:
            seq = torch.unique_consecutive(seq)  # breaks: compile
            decoded.append(seq[seq != self.blank])
        return pad_sequence(decoded, batch_first=True, padding_value=-1)  # breaks: compile


class Model(nn.Module):
    """Line-level OCR head: conv features -> per-column classes -> greedy CTC collapse."""

    def __init__(self, n_classes: int = 6):
        super().__init__()
        self.cols = nn.Conv1d(4, n_classes, 3, padding=1)
        self.decode = GreedyCTC()

    def forward(self, feats: torch.Tensor) -> torch.Tensor:
        return self.decode(self.cols(feats).transpose(1, 2).log_softmax(-1))


def inputs():
    torch.manual_seed(7208)
    return [(torch.randn(2, 4, 10),), (torch.randn(2, 4, 10) * 5,)]
