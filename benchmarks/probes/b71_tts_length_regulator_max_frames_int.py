# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def expand_by_duration(h: torch.Tensor, dur: torch.Tensor) -> torch.Tensor:
    """FastSpeech length regulator: repeat each phoneme state by its predicted frame count."""
    max_frames = int(dur.sum(1).max())  # breaks: compile,export,trace
    out = h.new_zeros(h.size(0), max_frames, h.size(2))
    for b in range(h.size(0)):
        frames = torch.repeat_interleave(h[b], dur[b], dim=0)
        out[b, : frames.size(0)] = frames
    return out


class DurationPredictor(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.proj = nn.Linear(dim, 1)

    def forward(self, h: torch.Tensor) -> torch.Tensor:
        log_dur = self.proj(h).squeeze(-1)
        return torch.clamp(torch.round(log_dur.exp()), min=1).long()


class Model(nn.Module):
    def __init__(self, vocab: int = 20, dim: int = 8):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.dur = DurationPredictor(dim)
        self.mel = nn.Linear(dim, 4)

    def forward(self, phonemes: torch.Tensor) -> torch.Tensor:
        h = self.emb(phonemes)
        return self.mel(expand_by_duration(h, self.dur(h * 3.0)))


def inputs():
    torch.manual_seed(7101)
    return [(torch.randint(0, 20, (2, 5)),), (torch.randint(0, 20, (2, 5)),)]
