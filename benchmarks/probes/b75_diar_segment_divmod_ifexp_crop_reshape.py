# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class Model(nn.Module):
    """Diarization frame grouper: frame embeddings are cut into fixed segments for the
    segment-level speaker encoder; a ragged tail is dropped."""

    def __init__(self, d: int = 4, seg: int = 4):
        super().__init__()
        self.seg = seg
        self.enc = nn.Linear(d * seg, 3)

    def forward(self, frames: torch.Tensor) -> torch.Tensor:
        n_seg, rem = divmod(frames.shape[1], self.seg)  # breaks: compile,trace
        kept = frames[:, : n_seg * self.seg] if rem else frames
        segs = kept.reshape(frames.shape[0], n_seg, self.seg * frames.shape[2])
        return self.enc(segs).softmax(-1)


def inputs():
    torch.manual_seed(7522)
    return [(torch.randn(2, 12, 4),), (torch.randn(2, 10, 4),)]
