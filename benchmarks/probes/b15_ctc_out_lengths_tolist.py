import torch
from torch import Tensor, nn


class ConvSubsampler(nn.Module):
    def __init__(self, channels: int):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size=3, stride=2, padding=1)

    @staticmethod
    def output_lengths(lengths: Tensor) -> Tensor:
        return (lengths - 1) // 2 + 1

    def forward(self, x: Tensor, lengths: Tensor):
        return torch.relu(self.conv(x)), self.output_lengths(lengths)


class GreedyDecoder:
    def __init__(self, blank: int = 0):
        self.blank = blank

    def __call__(self, log_probs: Tensor, lengths: Tensor):
        best = log_probs.argmax(-1)
        return [seq[:n] for seq, n in zip(best, lengths.tolist())]  # breaks: compile,trace


class Model(nn.Module):
    def __init__(self, channels: int = 8, vocab: int = 5):
        super().__init__()
        self.subsample = ConvSubsampler(channels)
        self.out = nn.Linear(channels, vocab)
        self.decoder = GreedyDecoder()

    def forward(self, x: Tensor, lengths: Tensor):
        h, out_lens = self.subsample(x, lengths)
        log_probs = self.out(h.transpose(1, 2)).log_softmax(-1)
        return log_probs, self.decoder(log_probs, out_lens)


def inputs():
    torch.manual_seed(0)
    return [
        (torch.randn(2, 8, 16), torch.tensor([16, 11])),
        (torch.randn(2, 8, 16), torch.tensor([9, 16])),
    ]
