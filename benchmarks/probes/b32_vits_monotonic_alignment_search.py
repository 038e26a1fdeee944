import numpy as np
import torch
import torch.nn as nn


def maximum_path_numpy(value, mask):
    value = value * mask
    b, t_x, t_y = value.shape
    direction = np.zeros(value.shape, dtype=np.int64)
    v = np.zeros((b, t_x), dtype=np.float32)
    x_range = np.arange(t_x, dtype=np.float32).reshape(1, -1)
    for j in range(t_y):
        v0 = np.pad(v, [[0, 0], [1, 0]], mode="constant", constant_values=-1e9)[:, :-1]  # breaks: compile
        v1 = v
        max_mask = v1 >= v0
        v_max = np.where(max_mask, v1, v0)
        direction[:, :, j] = max_mask
        v = np.where(x_range <= j, v_max + value[:, :, j], -1e9)
    direction = np.where(mask, direction, 1)
    path = np.zeros(value.shape, dtype=np.float32)
    index = mask[:, :, 0].sum(1).astype(np.int64) - 1
    for j in reversed(range(t_y)):
        path[np.arange(b), index, j] = 1
        index = index + direction[np.arange(b), index, j] - 1
    return path * mask


class AlignmentModule(nn.Module):
    def __init__(self, text_dim=12, n_mels=8):
        super().__init__()
        self.mu = nn.Linear(text_dim, n_mels)
        self.logs = nn.Linear(text_dim, n_mels)

    def log_likelihood(self, text_h, mel):
        m, logs = self.mu(text_h), self.logs(text_h)
        s_p_sq_r = torch.exp(-2 * logs)
        neg1 = torch.sum(-0.5 * np.log(2 * np.pi) - logs, -1, keepdim=True)
        neg2 = torch.matmul(-0.5 * mel ** 2, s_p_sq_r.transpose(1, 2)).transpose(1, 2)
        neg3 = torch.matmul(s_p_sq_r * m, mel.transpose(1, 2))
        neg4 = torch.sum(-0.5 * m ** 2 * s_p_sq_r, -1, keepdim=True)
        return neg1 + neg2 + neg3 + neg4

    def forward(self, text_h, mel):
        logp = self.log_likelihood(text_h, mel)
        mask = np.ones(logp.shape, dtype=np.float32)
        with torch.no_grad():
            attn = maximum_path_numpy(logp.detach().cpu().numpy(), mask)  # breaks: export,trace
        attn = torch.from_numpy(attn).to(logp.device)
        durations = attn.sum(-1)
        return torch.bmm(attn.transpose(1, 2), self.mu(text_h)), durations


Model = AlignmentModule


def inputs():
    torch.manual_seed(3203)
    return [(torch.randn(2, 4, 12), torch.randn(2, 9, 8)), (torch.randn(2, 4, 12), torch.randn(2, 9, 8) * 2)]
