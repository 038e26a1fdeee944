# ruff: noqa  (a probe is written as users write models)
import math

import numpy as np
import torch
import torch.nn as nn


def sequence_mask(lengths, max_length=None):
    if max_length is None:
        max_length = lengths.max()
    x = torch.arange(max_length, dtype=lengths.dtype, device=lengths.device)
    return x.unsqueeze(0) < lengths.unsqueeze(1)


def maximum_path_numpy(value, mask):
    """Monotonic alignment search (the Cython routine's numpy fallback)."""
    value = value * mask
    device, dtype = value.device, value.dtype
    value = value.detach().cpu().numpy()
    mask = mask.cpu().numpy().astype(bool)
    b, t_x, t_y = value.shape
    direction = np.zeros(value.shape, dtype=np.int64)
    v = np.zeros((b, t_x), dtype=np.float32)
    x_range = np.arange(t_x, dtype=np.float32).reshape(1, -1)
    for j in range(t_y):
        v0 = np.pad(v, [[0, 0], [1, 0]], mode="constant", constant_values=-1e9)[:, :-1]
        v1 = v
        max_mask = v1 >= v0
        v_max = np.where(max_mask, v1, v0)
        direction[:, :, j] = max_mask
        index_mask = x_range <= j
        v = np.where(index_mask, v_max + value[:, :, j], -1e9)
    direction = np.where(mask, direction, 1)
    path = np.zeros(value.shape, dtype=np.float32)
    index = mask[:, :, 0].sum(1).astype(np.int64) - 1
    for j in reversed(range(t_y)):
        path[np.arange(b), index, j] = 1
        index = index + direction[np.arange(b), index, j] - 1
    path = path * mask.astype(np.float32)
    return torch.from_numpy(path).to(device=device, dtype=dtype)


class GlowTTSAligner(nn.Module):
    def __init__(self, text_dim=8, n_mels=6):
        super().__init__()
        self.proj_m = nn.Conv1d(text_dim, n_mels, 1)
        self.proj_s = nn.Conv1d(text_dim, n_mels, 1)

    def forward(self, x, x_lengths, y, y_lengths):
        x_mask = sequence_mask(x_lengths, x.size(2)).unsqueeze(1).to(x.dtype)
        y_mask = sequence_mask(y_lengths, y.size(2)).unsqueeze(1).to(x.dtype)
        attn_mask = x_mask.unsqueeze(-1) * y_mask.unsqueeze(2)
        m, logs = self.proj_m(x) * x_mask, self.proj_s(x) * x_mask
        s_p_sq_r = torch.exp(-2 * logs)
        logp1 = torch.sum(-0.5 * math.log(2 * math.pi) - logs, [1]).unsqueeze(-1)
        logp2 = torch.matmul(s_p_sq_r.transpose(1, 2), -0.5 * (y ** 2))
        logp3 = torch.matmul((m * s_p_sq_r).transpose(1, 2), y)
        logp4 = torch.sum(-0.5 * (m ** 2) * s_p_sq_r, [1]).unsqueeze(-1)
        logp = logp1 + logp2 + logp3 + logp4
        attn = maximum_path_numpy(logp, attn_mask.squeeze(1)).unsqueeze(1).detach()
        m_aligned = torch.matmul(attn.squeeze(1).transpose(1, 2), m.transpose(1, 2))
        return m_aligned.transpose(1, 2), attn.sum(-1)


Model = GlowTTSAligner


def inputs():
    torch.manual_seed(4305)
    return [
        (torch.randn(2, 8, 5), torch.tensor([5, 3]), torch.randn(2, 6, 9), torch.tensor([9, 6])),
        (torch.randn(2, 8, 5), torch.tensor([4, 5]), torch.randn(2, 6, 9), torch.tensor([7, 9])),
        (torch.randn(1, 8, 4), torch.tensor([4]), torch.randn(1, 6, 7), torch.tensor([7])),
    ]
