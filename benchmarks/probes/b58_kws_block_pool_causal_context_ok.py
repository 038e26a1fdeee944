# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class BlockContext(nn.Module):
    """Block-wise features without a Python loop over blocks: fixed-size blocks of frames are
    average-pooled (the last, partial block included), then each block sees a causal running
    mean of all blocks so far as its context."""

    def __init__(self, d_in: int, d_state: int, block: int = 4):
        super().__init__()
        self.block = block
        self.inp = nn.Linear(d_in, d_state)
        self.ctx = nn.Linear(d_state, d_state, bias=False)
        self.gate = nn.Linear(d_in + d_state, d_state)
        self.norm = nn.LayerNorm(d_state)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        summary = F.avg_pool1d(x.transpose(1, 2), self.block, self.block, ceil_mode=True).transpose(1, 2)
        cand = torch.tanh(self.inp(summary))
        steps = torch.ones_like(cand[..., :1]).cumsum(dim=1)
        running = cand.cumsum(dim=1) / steps
        z = torch.sigmoid(self.gate(torch.cat([summary, running], dim=-1)))
        return self.norm((1 - z) * self.ctx(running) + z * cand)


def frame_features(wav: torch.Tensor, frame: int = 16) -> torch.Tensor:
    frames = wav.unfold(-1, frame, frame)
    energy = frames.pow(2).mean(-1, keepdim=True).clamp_min(1e-6).log()
    return torch.cat([frames, energy], dim=-1)


class Model(nn.Module):
    """Small keyword spotter: framed waveform -> pooled blocks with causal context ->
    per-block logits and a max-pooled utterance decision."""

    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(17, 24)
        self.blocks = BlockContext(24, 32, block=4)
        self.cls = nn.Linear(32, 5)

    def forward(self, wav: torch.Tensor) -> torch.Tensor:
        feats = torch.relu(self.proj(frame_features(wav)))
        per_block = self.cls(self.blocks(feats))
        return per_block.max(dim=1).values


def inputs():
    torch.manual_seed(5810)
    return [(torch.randn(2, 16 * 12),), (torch.randn(2, 16 * 20),), (torch.randn(3, 16 * 9),)]
