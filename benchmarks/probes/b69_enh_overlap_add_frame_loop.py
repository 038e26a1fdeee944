# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


def overlap_add(frames: torch.Tensor, hop: int) -> torch.Tensor:
    """frames: (batch, frame_len, n_frames) -> (batch, (n_frames - 1) * hop + frame_len)."""
    batch, frame_len, n_frames = frames.shape
    out = frames.new_zeros(batch, (n_frames - 1) * hop + frame_len)
    for i in range(n_frames):  # breaks: trace
        out[:, i * hop : i * hop + frame_len] += frames[:, :, i]
    return out


class Model(nn.Module):
    """Time-domain enhancement: frame, filter each frame with a learned transform, resynthesise."""

    def __init__(self, frame_len: int = 16, hop: int = 8):
        super().__init__()
        self.frame_len = frame_len
        self.hop = hop
        self.encode = nn.Conv1d(1, frame_len, frame_len, stride=hop, bias=False)
        self.filter = nn.Conv1d(frame_len, frame_len, 1)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        frames = self.filter(torch.tanh(self.encode(wav.unsqueeze(1))))
        return overlap_add(frames, self.hop)


def inputs():
    torch.manual_seed(6906)
    return [(torch.randn(2, 64),), (torch.randn(2, 96),)]
