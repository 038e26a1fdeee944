# ruff: noqa  (a probe is written as users write models)
from typing import Optional

import torch
import torch.nn as nn


class BlockRecurrence(nn.Module):
    """Streaming block recurrence: each fixed-size block of frames is summarised and folded
    into a carried state, exactly as the on-device runtime consumes audio block by block."""

    def __init__(self, d_in: int, d_state: int, block: int = 4):
        super().__init__()
        self.block = block
        self.inp = nn.Linear(d_in, d_state)
        self.rec = nn.Linear(d_state, d_state, bias=False)
        self.gate = nn.Linear(d_in + d_state, d_state)
        self.norm = nn.LayerNorm(d_state)

    def step(self, chunk: torch.Tensor, h: torch.Tensor) -> torch.Tensor:
        summary = chunk.mean(dim=1)
        z = torch.sigmoid(self.gate(torch.cat([summary, h], dim=-1)))
        cand = torch.tanh(self.inp(summary) + self.rec(h))
        return (1 - z) * h + z * cand

    def forward(self, x: torch.Tensor, h: Optional[torch.Tensor] = None) -> torch.Tensor:
        if h is None:
            h = x.new_zeros(x.shape[0], self.rec.in_features)
        states = []
        for chunk in x.split(self.block, dim=1):
            h = self.step(chunk, h)
            states.append(self.norm(h))
        return torch.stack(states, dim=1)


def frame_features(wav: torch.Tensor, frame: int = 16) -> torch.Tensor:
    frames = wav.unfold(-1, frame, frame)
    energy = frames.pow(2).mean(-1, keepdim=True).clamp_min(1e-6).log()
    return torch.cat([frames, energy], dim=-1)


class Model(nn.Module):
    """Small keyword spotter: framed waveform -> block recurrence -> per-block logits and
    a max-pooled utterance decision."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(17, 24)
        self.stream = BlockRecurrence(24, 32, block=4)
        self.cls = nn.Linear(32, 5)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        feats = torch.relu(self.proj(frame_features(wav)))
        per_block = self.cls(self.stream(feats))
        return per_block.max(dim=1).values


def inputs():
    torch.manual_seed(5809)
    return [(torch.randn(2, 16 * 12),), (torch.randn(2, 16 * 20),), (torch.randn(3, 16 * 9),)]
