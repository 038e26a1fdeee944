# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class CTCGreedyDecoder(nn.Module):
    """Best path decoding: take the argmax per frame, merge repeats, drop blanks, pad with blank."""

    def __init__(self, blank: int = 0):
        super().__init__()
        self.blank = blank

    def forward(self, log_probs: torch.Tensor) -> torch.Tensor:
        best = log_probs.argmax(-1)
        decoded = []
        for seq in best.tolist():  # breaks: trace,script
            out = []
            prev = -1
            for c in seq:
                if c != prev and c != self.blank:  # breaks: compile,export
                    out.append(c)
                prev = c
            decoded.append(out + [self.blank] * (len(seq) - len(out)))
        return torch.tensor(decoded)


class Model(nn.Module):
    """Convolutional text recogniser: conv features over the image height, a 1-D conv over the
    width as sequence model, CTC head."""

    def __init__(self, n_chars: int = 6):
        super().__init__()
        self.cnn = nn.Sequential(nn.Conv2d(1, 8, 3, padding=1), nn.ReLU(), nn.MaxPool2d((2, 1)))
        self.seq = nn.Conv1d(8 * 4, 32, 3, padding=1)
        self.fc = nn.Linear(32, n_chars)
        self.decoder = CTCGreedyDecoder()

    def forward(self, img: torch.Tensor) -> torch.Tensor:
        f = self.cnn(img)
        b, c, h, w = f.shape
        f = f.reshape(b, c * h, w)
        h_seq = self.seq(f).relu().transpose(1, 2)
        return self.decoder(self.fc(h_seq).log_softmax(-1))


def inputs():
    torch.manual_seed(6803)
    return [(3 * torch.randn(2, 1, 8, 12),), (3 * torch.randn(2, 1, 8, 12),)]
