# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


def timing_signal(length, channels, min_timescale=1.0, max_timescale=1.0e4):
    position = torch.arange(length, dtype=torch.float32)
    num_timescales = channels // 2
    log_inc = math.log(float(max_timescale) / float(min_timescale)) / max(num_timescales - 1, 1)
    inv_timescales = min_timescale * torch.exp(torch.arange(num_timescales, dtype=torch.float32) * -log_inc)
    scaled_time = position.unsqueeze(1) * inv_timescales.unsqueeze(0)
    return torch.cat([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1)


class TransitionBlock(nn.Module):
    def __init__(self, d_model, heads):
        super().__init__()
        self.attn = nn.MultiheadAttention(d_model, heads, batch_first=True)
        self.ffn = nn.Sequential(nn.Linear(d_model, 2 * d_model), nn.ReLU(), nn.Linear(2 * d_model, d_model))
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)

    def forward(self, x):
        y = self.norm1(x)
        x = x + self.attn(y, y, y, need_weights=False)[0]
        return x + self.ffn(self.norm2(x))


class ACTEncoder(nn.Module):
    """Universal Transformer encoder whose depth is decided per position by Adaptive Computation Time."""

    def __init__(self, d_model=16, heads=2, max_hop=6, threshold=0.9):
        super().__init__()
        self.max_hop = max_hop
        self.threshold = threshold
        self.block = TransitionBlock(d_model, heads)
        self.halt = nn.Linear(d_model, 1)
        nn.init.constant_(self.halt.bias, 1.0)
        self.register_buffer("time_signal", timing_signal(64, d_model), persistent=False)
        self.register_buffer("position_signal", timing_signal(max_hop, d_model), persistent=False)

    def forward(self, state):
        b, n, _ = state.shape
        halting_probability = state.new_zeros(b, n)
        remainders = state.new_zeros(b, n)
        n_updates = state.new_zeros(b, n)
        previous_state = torch.zeros_like(state)
        step = 0
        while ((halting_probability < self.threshold) & (n_updates < self.max_hop)).any():  # breaks: compile,export
            state = state + self.time_signal[:n].unsqueeze(0) + self.position_signal[step].view(1, 1, -1)
            p = torch.sigmoid(self.halt(state)).squeeze(-1)
            still_running = (halting_probability < 1.0).float()
            new_halted = (halting_probability + p * still_running > self.threshold).float() * still_running
            still_running = (halting_probability + p * still_running <= self.threshold).float() * still_running
            halting_probability = halting_probability + p * still_running
            remainders = remainders + new_halted * (1 - halting_probability)
            halting_probability = halting_probability + new_halted * remainders
            n_updates = n_updates + still_running + new_halted
            update_weights = (p * still_running + new_halted * remainders).unsqueeze(-1)
            state = self.block(state)
            previous_state = state * update_weights + previous_state * (1 - update_weights)
            step += 1
        return previous_state, remainders + n_updates


Model = ACTEncoder


def inputs():
    torch.manual_seed(3903)
    return [(torch.randn(2, 5, 16),), (torch.randn(3, 7, 16) * 3.0,)]
