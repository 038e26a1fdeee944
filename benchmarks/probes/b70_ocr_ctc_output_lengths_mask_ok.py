# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def conv_out_lengths(lengths: torch.Tensor, kernel: int, stride: int, pad: int) -> torch.Tensor:
    return torch.div(lengths + 2 * pad - kernel, stride, rounding_mode="floor") + 1


class Model(nn.Module):
    """Convolutional OCR line recogniser with a CTC head: the column lengths after the strided
    convolution mask the padded frames out of the log-probabilities."""

    def __init__(self, height: int = 8, n_chars: int = 10):
        super().__init__()
        self.conv = nn.Conv1d(height, 12, kernel_size=3, stride=2, padding=1)
        self.context = nn.Conv1d(12, 16, kernel_size=3, padding=1)
        self.ctc = nn.Linear(16, n_chars + 1)

    def forward(self, lines: torch.Tensor, widths: torch.Tensor):
        feats = torch.relu(self.conv(lines))
        h = torch.relu(self.context(feats)).transpose(1, 2)
        out_len = conv_out_lengths(widths, 3, 2, 1)
        valid = torch.arange(h.shape[1], device=h.device).unsqueeze(0) < out_len.unsqueeze(1)
        logp = self.ctc(h).log_softmax(-1)
        return logp.masked_fill(~valid.unsqueeze(-1), 0.0), out_len


def inputs():
    torch.manual_seed(7029)
    return [
        (torch.randn(2, 8, 20), torch.tensor([20, 11])),
        (torch.randn(2, 8, 20), torch.tensor([7, 16])),
    ]
