import torch
from torch import nn


def model_forward(self, x):
    seq_len = x.shape[1]
    if seq_len > self.max_len:
        t = torch.arange(seq_len, dtype=torch.float32) / 2
    else:
        t = torch.arange(seq_len, dtype=torch.float32)
    freqs = torch.outer(t, self.inv_freq)
    emb = torch.cat([freqs, freqs], dim=-1)
    return x * emb.cos() + x.flip(-1) * emb.sin()
